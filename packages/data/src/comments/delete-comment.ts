/** @module comments/delete-comment — soft-deletes a comment (its author, or admins and up). */
import { type CommentRow, commentIdInput, commentRow } from '@lanes/shared/schemas/comment';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { commentIdInput as deleteCommentInput };
export type DeleteCommentResult = CommentRow;

/** Soft: the row stays so the thread keeps its shape ("comment deleted"). */
export async function deleteComment(
  client: LanesClient,
  input: z.input<typeof commentIdInput>,
): Promise<DeleteCommentResult> {
  const { commentId } = parseInput(commentIdInput, input);
  const rows = unwrap(
    await client
      .from('comments')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', commentId)
      .select(),
  );
  return parseAnswer(commentRow, oneRow(rows));
}
