/** @module tasks/delete-task — deletes an archived task for good (admins and owners), with its files. */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseInput, unwrap } from '../internal/checks.ts';

export const deleteTaskInput = z.object({ taskId: id });
export type DeleteTaskResult = undefined;

/**
 * SPEC §4: only archived tasks are deleted; NOT_FOUND for open ones and for those the caller cannot delete.
 * The attachment rows go with the task (cascade) and the database removes their files (decision 076).
 */
export async function deleteTask(
  client: LanesClient,
  input: z.input<typeof deleteTaskInput>,
): Promise<DeleteTaskResult> {
  const { taskId } = parseInput(deleteTaskInput, input);
  oneRow(
    unwrap(await client.from('tasks').delete().eq('id', taskId).not('archived_at', 'is', null).select('id')),
  );
}
