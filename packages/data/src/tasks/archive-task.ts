/** @module tasks/archive-task — hides a task from the board (restorable), or restores it. */
import { id } from '@lanes/shared/schemas/fields';
import { type TaskRow, taskRow } from '@lanes/shared/schemas/task';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const archiveTaskInput = z.object({ taskId: id, archived: z.boolean().default(true) });
export type ArchiveTaskResult = TaskRow;

export async function archiveTask(
  client: LanesClient,
  input: z.input<typeof archiveTaskInput>,
): Promise<ArchiveTaskResult> {
  const { taskId, archived } = parseInput(archiveTaskInput, input);
  const rows = unwrap(
    await client
      .from('tasks')
      .update({ archived_at: archived ? new Date().toISOString() : null })
      .eq('id', taskId)
      .select(),
  );
  return parseAnswer(taskRow, oneRow(rows));
}
