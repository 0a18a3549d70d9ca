/** @module boards/delete-board — deletes a board with its columns, tasks and files (admins and owners). */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseInput, unwrap } from '../internal/checks.ts';
import { removeAttachmentFiles } from '../internal/remove-files.ts';

export const deleteBoardInput = z.object({ boardId: id });
export type DeleteBoardResult = undefined;

/** NOT_FOUND for members (the delete policy hides the row from them) and for strangers. */
export async function deleteBoard(client: LanesClient, input: unknown): Promise<DeleteBoardResult> {
  const { boardId } = parseInput(deleteBoardInput, input);
  const files = unwrap(
    await client
      .from('attachments')
      .select('object_path, task:tasks!inner(board_id)')
      .eq('task.board_id', boardId),
  );
  oneRow(unwrap(await client.from('boards').delete().eq('id', boardId).select('id')));
  await removeAttachmentFiles(
    client,
    files.map((f) => f.object_path),
  );
}
