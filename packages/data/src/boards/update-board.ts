/** @module boards/update-board — renames a board or changes its description (members and up). */
import type { TablesUpdate } from '@lanes/shared/database';
import { type BoardRow, boardRow, updateBoardInput } from '@lanes/shared/schemas/board';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { updateBoardInput };
export type UpdateBoardResult = BoardRow;

export async function updateBoard(
  client: LanesClient,
  input: z.input<typeof updateBoardInput>,
): Promise<UpdateBoardResult> {
  const { boardId, name, description } = parseInput(updateBoardInput, input);
  const patch: TablesUpdate<'boards'> = {};
  if (name !== undefined) patch.name = name;
  if (description !== undefined) patch.description = description;
  const rows = unwrap(await client.from('boards').update(patch).eq('id', boardId).select());
  return parseAnswer(boardRow, oneRow(rows));
}
