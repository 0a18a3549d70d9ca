/** @module schemas/comment — comment inputs and rows. */
import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { id, timestamp, trimmed } from './fields.ts';

export const commentBody = trimmed(1, LIMITS.commentLength);

/** `id` is optional: a client that names its comment can send it again without posting it twice. */
export const addCommentInput = z.object({ id: id.optional(), taskId: id, body: commentBody });
export type AddCommentInput = z.infer<typeof addCommentInput>;

export const editCommentInput = z.object({ commentId: id, body: commentBody });
export type EditCommentInput = z.infer<typeof editCommentInput>;

export const commentIdInput = z.object({ commentId: id });
export type CommentIdInput = z.infer<typeof commentIdInput>;

export const commentRow = z.object({
  id,
  task_id: id,
  author_id: id.nullable(),
  body: z.string(),
  edited_at: timestamp.nullable(),
  deleted_at: timestamp.nullable(),
  created_at: timestamp,
});
export type CommentRow = z.infer<typeof commentRow>;
