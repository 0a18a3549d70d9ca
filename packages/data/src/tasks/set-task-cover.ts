/** @module tasks/set-task-cover — makes one of a task's image attachments its card's cover, or removes it. */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

/** `attachmentId` null removes the cover. */
export const setTaskCoverInput = z.object({ taskId: id, attachmentId: id.nullable() });

const coverAnswer = z.object({ id, cover_attachment_id: id.nullable() });
export type SetTaskCoverResult = z.infer<typeof coverAnswer>;

/**
 * VALIDATION when the attachment is not an image of this task (the database's rule, decision 185); NOT_FOUND
 * when the caller may not change the task (a viewer sees it but RLS updates nothing).
 * @example await setTaskCover(client, { taskId, attachmentId: image.id })
 */
export async function setTaskCover(
  client: LanesClient,
  input: z.input<typeof setTaskCoverInput>,
): Promise<SetTaskCoverResult> {
  const { taskId, attachmentId } = parseInput(setTaskCoverInput, input);
  const rows = unwrap(
    await client
      .from('tasks')
      .update({ cover_attachment_id: attachmentId })
      .eq('id', taskId)
      .select('id, cover_attachment_id'),
  );
  return parseAnswer(coverAnswer, oneRow(rows));
}
