/** @module tasks/update-task — edits a task's fields; CONFLICT when someone changed it since it was read. */
import type { TablesUpdate } from '@lanes/shared/database';
import { LanesError } from '@lanes/shared/errors';
import { type TaskRow, taskRow, updateTaskInput } from '@lanes/shared/schemas/task';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { updateTaskInput };
export type UpdateTaskResult = TaskRow;

export async function updateTask(
  client: LanesClient,
  input: z.input<typeof updateTaskInput>,
): Promise<UpdateTaskResult> {
  const { taskId, expectedUpdatedAt, ...fields } = parseInput(updateTaskInput, input);
  const patch: TablesUpdate<'tasks'> = {};
  if (fields.title !== undefined) patch.title = fields.title;
  if (fields.description !== undefined) patch.description = fields.description;
  if (fields.assigneeId !== undefined) patch.assignee_id = fields.assigneeId;
  if (fields.dueOn !== undefined) patch.due_on = fields.dueOn;
  if (fields.priority !== undefined) patch.priority = fields.priority;
  let query = client.from('tasks').update(patch).eq('id', taskId);
  // Optimistic concurrency: only the version the editor saw may be overwritten.
  if (expectedUpdatedAt !== undefined) query = query.eq('updated_at', expectedUpdatedAt);
  const rows = unwrap(await query.select());
  const row = rows[0];
  if (row) return parseAnswer(taskRow, row);
  if (expectedUpdatedAt === undefined) throw new LanesError('NOT_FOUND');
  // Zero rows: either the task changed meanwhile (CONFLICT) or it is gone / not ours to edit.
  const current = unwrap(await client.from('tasks').select('id').eq('id', taskId).maybeSingle());
  throw new LanesError(current ? 'CONFLICT' : 'NOT_FOUND');
}
