/**
 * @module tasks/complete-task — completes a task by moving it to the end of its board's first done column
 * (SPEC §4: completion follows the column), or reopens it into the first open column. A value to set, not a
 * toggle: a task already done (or open) stays where it is, so a write sent twice moves it once (decision 202).
 */
import { LanesError } from '@lanes/shared/errors';
import { id } from '@lanes/shared/schemas/fields';
import { type TaskRow, taskRow } from '@lanes/shared/schemas/task';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const completeTaskInput = z.object({ taskId: id, completed: z.boolean().default(true) });
export type CompleteTaskResult = TaskRow;

/** VALIDATION when the board has no done column (or, to reopen, no open one). */
export async function completeTask(
  client: LanesClient,
  input: z.input<typeof completeTaskInput>,
): Promise<CompleteTaskResult> {
  const { taskId, completed } = parseInput(completeTaskInput, input);
  const task = unwrap(
    await client
      .from('tasks')
      .select('*, board:boards(columns(id, is_done, position))')
      .eq('id', taskId)
      .order('position', { referencedTable: 'board.columns' })
      .maybeSingle(),
  );
  if (!task) throw new LanesError('NOT_FOUND');
  const { board, ...row } = task;
  const columns = (board as { columns: { id: string; is_done: boolean }[] } | null)?.columns ?? [];
  if (columns.find((column) => column.id === row.column_id)?.is_done === completed) {
    return parseAnswer(taskRow, row);
  }
  const target = columns.find((column) => column.is_done === completed);
  if (!target) {
    throw new LanesError('VALIDATION', {
      message: completed ? 'This board has no done column.' : 'This board has no open column.',
    });
  }
  const moved = unwrap(
    await client.rpc('move_task', {
      task_id: taskId,
      column_id: target.id,
      before_id: null as never,
      after_id: null as never,
    }),
  );
  return parseAnswer(taskRow, moved);
}
