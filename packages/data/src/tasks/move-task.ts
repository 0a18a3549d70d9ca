/** @module tasks/move-task — drops a task between two neighbours of a column (`move_task` RPC). */
import { moveTaskInput, type TaskRow, taskRow } from '@lanes/shared/schemas/task';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { moveTaskInput };
export type MoveTaskResult = TaskRow;

/**
 * `beforeId` is the task that ends up above, `afterId` the one below (null: that end of the column).
 * CONFLICT when a neighbour moved meanwhile: refresh the column and let the person drop again.
 * @example await moveTask(client, { taskId, columnId: done.id, beforeId: null, afterId: null })
 */
export async function moveTask(
  client: LanesClient,
  input: z.input<typeof moveTaskInput>,
): Promise<MoveTaskResult> {
  const move = parseInput(moveTaskInput, input);
  const row = unwrap(
    await client.rpc('move_task', {
      task_id: move.taskId,
      column_id: move.columnId,
      before_id: move.beforeId as string,
      after_id: move.afterId as string,
    }),
  );
  return parseAnswer(taskRow, row);
}
