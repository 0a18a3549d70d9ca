/**
 * @module boards/list-move-targets — where a card can be moved: the workspace's boards that are not archived,
 * each with its columns in board order and the id of each column's first open card (so a move can name it as
 * the card to go above), in one request. The card menu's "Move to…" reads it when it opens.
 */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const listMoveTargetsInput = z.object({ workspaceId: id });

const target = z.object({
  id,
  name: z.string(),
  columns: z.array(z.object({ id, name: z.string(), tasks: z.array(z.object({ id })) })),
});
export interface MoveTarget {
  id: string;
  name: string;
  /** In board order; `firstTaskId`: the column's top open card, null when it has none. */
  columns: { id: string; name: string; firstTaskId: string | null }[];
}

/** Boards by name; a viewer gets them too (the move itself is refused for them). */
export async function listMoveTargets(
  client: LanesClient,
  input: z.input<typeof listMoveTargetsInput>,
  signal?: AbortSignal,
): Promise<MoveTarget[]> {
  const { workspaceId } = parseInput(listMoveTargetsInput, input);
  const query = client
    .from('boards')
    .select('id, name, columns(id, name, tasks(id))')
    .eq('workspace_id', workspaceId)
    .is('archived_at', null)
    .is('columns.tasks.archived_at', null)
    .order('name')
    .order('position', { referencedTable: 'columns' })
    .order('position', { referencedTable: 'columns.tasks' })
    .limit(1, { referencedTable: 'columns.tasks' });
  const rows = unwrap(await abortable(query, signal));
  return parseAnswer(z.array(target), rows).map((board) => ({
    id: board.id,
    name: board.name,
    columns: board.columns.map((column) => ({
      id: column.id,
      name: column.name,
      firstTaskId: column.tasks[0]?.id ?? null,
    })),
  }));
}
