/** @module tasks/delete-task — deletes an archived task for good (admins and owners), with its files. */
import { BUCKETS } from '@lanes/shared/constants';
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseInput, unwrap } from '../internal/checks.ts';

export const deleteTaskInput = z.object({ taskId: id });
export type DeleteTaskResult = undefined;

/** SPEC §4: only archived tasks are deleted; NOT_FOUND for open ones and for those the caller cannot delete. */
export async function deleteTask(client: LanesClient, input: unknown): Promise<DeleteTaskResult> {
  const { taskId } = parseInput(deleteTaskInput, input);
  const files = unwrap(await client.from('attachments').select('object_path').eq('task_id', taskId));
  oneRow(
    unwrap(await client.from('tasks').delete().eq('id', taskId).not('archived_at', 'is', null).select('id')),
  );
  // The rows went with the task (cascade); the files are removed after, so a failure leaves only invisible files.
  if (files.length > 0)
    await client.storage.from(BUCKETS.attachments).remove(files.map((f) => f.object_path));
}
