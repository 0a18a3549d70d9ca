/** @module comments/edit-comment — the author edits their comment; the database stamps `edited_at`. */
import { type CommentRow, commentRow, editCommentInput } from '@lanes/shared/schemas/comment';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { editCommentInput };
export type EditCommentResult = CommentRow;

/** FORBIDDEN for someone else's comment; CONFLICT once it was deleted. */
export async function editComment(
  client: LanesClient,
  input: z.input<typeof editCommentInput>,
): Promise<EditCommentResult> {
  const { commentId, body } = parseInput(editCommentInput, input);
  const rows = unwrap(await client.from('comments').update({ body }).eq('id', commentId).select());
  return parseAnswer(commentRow, oneRow(rows));
}
