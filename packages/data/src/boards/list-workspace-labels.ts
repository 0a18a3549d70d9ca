/** @module boards/list-workspace-labels — every label of a workspace's boards, for a filter across boards. */
import { labelRow } from '@lanes/shared/schemas/board';
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const listWorkspaceLabelsInput = z.object({ workspaceId: id });
const labelWithBoard = labelRow.pick({ id: true, board_id: true, name: true, color: true });
export type ListWorkspaceLabelsResult = z.infer<typeof labelWithBoard>[];

/**
 * Labels belong to boards; the board's name is for the screen to tell same-named labels apart.
 * @example await listWorkspaceLabels(client, { workspaceId })
 */
export async function listWorkspaceLabels(
  client: LanesClient,
  input: z.input<typeof listWorkspaceLabelsInput>,
  signal?: AbortSignal,
): Promise<ListWorkspaceLabelsResult> {
  const { workspaceId } = parseInput(listWorkspaceLabelsInput, input);
  const rows = unwrap(
    await abortable(
      client
        .from('labels')
        .select('id, board_id, name, color, board:boards!inner(workspace_id)')
        .eq('board.workspace_id', workspaceId)
        .order('name'),
      signal,
    ),
  );
  return parseAnswer(z.array(labelWithBoard), rows);
}
