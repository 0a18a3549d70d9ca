/** @module schemas/task — task inputs (create, update, move) and the task row. */
import { z } from 'zod';
import { PRIORITIES } from '../constants.ts';
import { dueDate, id, timestamp, trimmed } from './fields.ts';

export const taskTitle = trimmed(1, 200);
export const taskDescription = z.string().max(20_000, { message: 'At most 20,000 characters.' });
export const priority = z.enum(PRIORITIES);

export const createTaskInput = z.object({
  /** Chosen by the client so a replayed create finds the task it already made (decision 120). */
  id: id.optional(),
  boardId: id,
  columnId: id,
  title: taskTitle,
  description: taskDescription.optional(),
  assigneeId: id.nullable().optional(),
  dueOn: dueDate.nullable().optional(),
  priority: priority.optional(),
});
export type CreateTaskInput = z.infer<typeof createTaskInput>;

export const updateTaskInput = z.object({
  taskId: id,
  title: taskTitle.optional(),
  description: taskDescription.optional(),
  assigneeId: id.nullable().optional(),
  dueOn: dueDate.nullable().optional(),
  priority: priority.optional(),
  /** Optimistic concurrency: the `updated_at` the editor saw; a newer row means CONFLICT. */
  expectedUpdatedAt: z.string().optional(),
});
export type UpdateTaskInput = z.infer<typeof updateTaskInput>;

/** `move_task(task_id, column_id, before_id, after_id)`: the neighbours the card lands between. */
export const moveTaskInput = z.object({
  taskId: id,
  columnId: id,
  beforeId: id.nullable(),
  afterId: id.nullable(),
});
export type MoveTaskInput = z.infer<typeof moveTaskInput>;

export const taskIdInput = z.object({ taskId: id });
export type TaskIdInput = z.infer<typeof taskIdInput>;

export const setTaskLabelsInput = z.object({ taskId: id, labelIds: z.array(id).max(30) });
export type SetTaskLabelsInput = z.infer<typeof setTaskLabelsInput>;

export const taskRow = z.object({
  id,
  board_id: id,
  column_id: id,
  number: z.number().int(),
  title: z.string(),
  description: z.string(),
  position: z.string(),
  assignee_id: id.nullable(),
  due_on: z.iso.date().nullable(),
  priority,
  completed_at: timestamp.nullable(),
  archived_at: timestamp.nullable(),
  created_by: id.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  /** What the card face counts, kept by the database (decision 185): comments not deleted, files, items. */
  comment_count: z.number().int(),
  attachment_count: z.number().int(),
  checklist_total: z.number().int(),
  checklist_done: z.number().int(),
  /** The image attachment drawn on top of the card (decision 197); deleting the file clears it. */
  cover_attachment_id: id.nullable(),
});
export type TaskRow = z.infer<typeof taskRow>;
