/**
 * @module tasks/move-task-to-board — moves a task to a column of another board of its workspace
 * (`move_task_to_board` RPC): a new number there, labels kept by name, the others dropped and named.
 */
import { id } from '@lanes/shared/schemas/fields';
import { type TaskRow, taskRow } from '@lanes/shared/schemas/task';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const moveTaskToBoardInput = z.object({
  taskId: id,
  boardId: id,
  columnId: id,
  beforeId: id.nullable().default(null),
  afterId: id.nullable().default(null),
});

const answer = z.object({
  task: taskRow,
  kept_label_ids: z.array(id),
  dropped_labels: z.array(z.string()),
});

export interface MoveTaskToBoardResult {
  /** The task as stored on its new board (its new number, column and place). */
  task: TaskRow;
  /** The target board's labels it carries now. */
  keptLabelIds: string[];
  /** Names of its labels the target board has none of: taken off. */
  droppedLabels: string[];
}

/**
 * `beforeId` / `afterId` are neighbours in the target column (null: that end). Refusals: FORBIDDEN for a
 * viewer, NOT_FOUND for a task or board the caller cannot see, VALIDATION for a board of another workspace
 * or the task's own board, CONFLICT for an archived board or a column not on it, LIMIT_REACHED when the
 * target board is full.
 * @example await moveTaskToBoard(client, { taskId, boardId: other.id, columnId: inbox.id })
 */
export async function moveTaskToBoard(
  client: LanesClient,
  input: z.input<typeof moveTaskToBoardInput>,
): Promise<MoveTaskToBoardResult> {
  const move = parseInput(moveTaskToBoardInput, input);
  const data = unwrap(
    await client.rpc('move_task_to_board', {
      task_id: move.taskId,
      board_id: move.boardId,
      column_id: move.columnId,
      before_id: move.beforeId as string,
      after_id: move.afterId as string,
    }),
  );
  const moved = parseAnswer(answer, data);
  return { task: moved.task, keptLabelIds: moved.kept_label_ids, droppedLabels: moved.dropped_labels };
}
