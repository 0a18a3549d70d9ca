/** @module comments/add-comment — comments on a task (members and up). */
import { addCommentInput, type CommentRow, commentRow } from '@lanes/shared/schemas/comment';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { insertOnce } from '../internal/insert-once.ts';

export { addCommentInput };
export type AddCommentResult = CommentRow;

/**
 * With an `id` (the panel's write queue names its comments), a comment sent again after its answer was lost
 * answers with the one stored the first time instead of posting it twice (decisions 120, 196).
 * @example await addComment(client, { taskId, body: 'Looks good' })
 */
export async function addComment(
  client: LanesClient,
  input: z.input<typeof addCommentInput>,
): Promise<AddCommentResult> {
  const { id, taskId, body } = parseInput(addCommentInput, input);
  if (!id) {
    return parseAnswer(
      commentRow,
      unwrap(await client.from('comments').insert({ task_id: taskId, body }).select().single()),
    );
  }
  const row = await insertOnce(
    'comments',
    () => client.from('comments').insert({ id, task_id: taskId, body }).select().single(),
    () => client.from('comments').select().eq('id', id).eq('task_id', taskId).maybeSingle(),
  );
  return parseAnswer(commentRow, row);
}
