/** @module boards/list-boards — a workspace's boards, active ones first. */
import { type BoardRow, boardRow } from '@lanes/shared/schemas/board';
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const listBoardsInput = z.object({ workspaceId: id, includeArchived: z.boolean().default(false) });
export type ListBoardsResult = BoardRow[];

export async function listBoards(
  client: LanesClient,
  input: z.input<typeof listBoardsInput>,
  signal?: AbortSignal,
): Promise<ListBoardsResult> {
  const { workspaceId, includeArchived } = parseInput(listBoardsInput, input);
  let query = client.from('boards').select('*').eq('workspace_id', workspaceId);
  if (!includeArchived) query = query.is('archived_at', null);
  return parseAnswer(z.array(boardRow), unwrap(await abortable(query.order('name'), signal)));
}
