/** @module comments/add-comment — comments on a task (members and up). */
import { addCommentInput, type CommentRow, commentRow } from '@lanes/shared/schemas/comment';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { addCommentInput };
export type AddCommentResult = CommentRow;

export async function addComment(
  client: LanesClient,
  input: z.input<typeof addCommentInput>,
): Promise<AddCommentResult> {
  const { taskId, body } = parseInput(addCommentInput, input);
  const row = unwrap(await client.from('comments').insert({ task_id: taskId, body }).select().single());
  return parseAnswer(commentRow, row);
}
