/** @module boards/delete-board — deletes a board with its columns, tasks and files (admins and owners). */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseInput, unwrap } from '../internal/checks.ts';

export const deleteBoardInput = z.object({ boardId: id });
export type DeleteBoardResult = undefined;

/**
 * NOT_FOUND for members (the delete policy hides the row from them) and for strangers. Columns, tasks and
 * attachment rows go by cascade; the database removes the files of those rows (decision 076).
 */
export async function deleteBoard(
  client: LanesClient,
  input: z.input<typeof deleteBoardInput>,
): Promise<DeleteBoardResult> {
  const { boardId } = parseInput(deleteBoardInput, input);
  oneRow(unwrap(await client.from('boards').delete().eq('id', boardId).select('id')));
}
