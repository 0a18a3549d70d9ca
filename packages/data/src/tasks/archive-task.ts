/**
 * @module tasks/archive-task — hides a task from the board (restorable), or restores it. A value to set: a task
 * already archived keeps the time it was archived, so a write sent twice changes it once (decision 202).
 */
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
  const update = client
    .from('tasks')
    .update({ archived_at: archived ? new Date().toISOString() : null })
    .eq('id', taskId);
  const rows = unwrap(
    await (archived ? update.is('archived_at', null) : update.not('archived_at', 'is', null)).select(),
  );
  if (rows.length > 0) return parseAnswer(taskRow, oneRow(rows));
  // Nothing to change: already as asked (answered with the row), or not there for the caller (NOT_FOUND).
  const find = client.from('tasks').select().eq('id', taskId);
  const already = unwrap(
    await (archived ? find.not('archived_at', 'is', null) : find.is('archived_at', null)),
  );
  return parseAnswer(taskRow, oneRow(already));
}
