/** @module tasks/create-task — adds a task at the end of a column; the database numbers it (`#12`). */
import type { TablesInsert } from '@lanes/shared/database';
import { createTaskInput, type TaskRow, taskRow } from '@lanes/shared/schemas/task';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { insertOnce } from '../internal/insert-once.ts';

export { createTaskInput };
export type CreateTaskResult = TaskRow;

/**
 * LIMIT_REACHED at 5,000 tasks per board; VALIDATION (`assignee_id`) for an assignee who is not a member.
 * With an `id` of the caller's choosing, sending the same create again answers with the task stored the first
 * time (a retry whose first answer was lost); an id taken on another board is CONFLICT.
 * @example const task = await createTask(client, { id: crypto.randomUUID(), boardId, columnId, title: 'Ship it' });
 */
export async function createTask(
  client: LanesClient,
  input: z.input<typeof createTaskInput>,
): Promise<CreateTaskResult> {
  const task = parseInput(createTaskInput, input);
  const id = task.id ?? crypto.randomUUID();
  const row = await insertOnce(
    'tasks',
    () =>
      client
        .from('tasks')
        .insert({
          id,
          board_id: task.boardId,
          column_id: task.columnId,
          title: task.title,
          description: task.description ?? '',
          assignee_id: task.assigneeId ?? null,
          due_on: task.dueOn ?? null,
          priority: task.priority ?? 'none',
          // `number` and `position` are filled by the database's insert trigger (next number, end of column).
        } as TablesInsert<'tasks'>)
        .select()
        .single(),
    () => client.from('tasks').select().eq('id', id).eq('board_id', task.boardId).maybeSingle(),
  );
  return parseAnswer(taskRow, row);
}
