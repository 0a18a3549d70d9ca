/** @module comments/delete-comment — soft-deletes a comment (its author, or admins and up). */
import { type CommentRow, commentIdInput, commentRow } from '@lanes/shared/schemas/comment';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { commentIdInput as deleteCommentInput };
export type DeleteCommentResult = CommentRow;

/**
 * Soft: the row stays so the thread keeps its shape ("comment deleted"). A comment deleted already is answered
 * as it is (its first deletion time kept), so a delete sent twice is one (decision 202).
 */
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
      .is('deleted_at', null)
      .select(),
  );
  if (rows.length > 0) return parseAnswer(commentRow, oneRow(rows));
  const already = unwrap(
    await client.from('comments').select().eq('id', commentId).not('deleted_at', 'is', null),
  );
  return parseAnswer(commentRow, oneRow(already));
}
