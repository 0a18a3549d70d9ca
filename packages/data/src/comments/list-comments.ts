/** @module comments/list-comments — a task's comments, oldest first, with their authors' profiles. */
import { commentRow } from '@lanes/shared/schemas/comment';
import { id } from '@lanes/shared/schemas/fields';
import { profileSummary } from '@lanes/shared/schemas/profile';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { PROFILE_SUMMARY } from '../internal/profile-summary.ts';

export const listCommentsInput = z.object({ taskId: id });

/** A comment with its author's profile; `getTaskPanel` reads the same shape embedded under the task. */
export const commentWithAuthor = commentRow.extend({ author: profileSummary.nullable() });
export const COMMENT_SELECT = `*, author:profiles(${PROFILE_SUMMARY})` as const;
export type ListCommentsResult = z.infer<typeof commentWithAuthor>[];

/** A deleted comment keeps its place with `deleted_at` set; the screen shows "comment deleted". */
export async function listComments(
  client: LanesClient,
  input: z.input<typeof listCommentsInput>,
  signal?: AbortSignal,
): Promise<ListCommentsResult> {
  const { taskId } = parseInput(listCommentsInput, input);
  const rows = unwrap(
    await abortable(
      client.from('comments').select(COMMENT_SELECT).eq('task_id', taskId).order('created_at'),
      signal,
    ),
  );
  return parseAnswer(z.array(commentWithAuthor), rows);
}
