/** @module tasks/create-task — adds a task at the end of a column; the database numbers it (`#12`). */
import type { TablesInsert } from '@lanes/shared/database';
import { createTaskInput, type TaskRow, taskRow } from '@lanes/shared/schemas/task';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { createTaskInput };
export type CreateTaskResult = TaskRow;

/** LIMIT_REACHED at 5,000 tasks per board; VALIDATION (`assignee_id`) for an assignee who is not a member. */
export async function createTask(client: LanesClient, input: unknown): Promise<CreateTaskResult> {
  const task = parseInput(createTaskInput, input);
  const row = unwrap(
    await client
      .from('tasks')
      .insert({
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
  );
  return parseAnswer(taskRow, row);
}
