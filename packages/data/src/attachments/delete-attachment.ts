/** @module attachments/delete-attachment — removes an attachment (uploader, or admins); its file follows. */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseInput, unwrap } from '../internal/checks.ts';

export const deleteAttachmentInput = z.object({ attachmentId: id });
export type DeleteAttachmentResult = undefined;

/**
 * Deletes the row; once it is gone nobody can read the file, and the database removes the file itself
 * (decision 076). NOT_FOUND when the caller may not delete it.
 */
export async function deleteAttachment(
  client: LanesClient,
  input: z.input<typeof deleteAttachmentInput>,
): Promise<DeleteAttachmentResult> {
  const { attachmentId } = parseInput(deleteAttachmentInput, input);
  oneRow(unwrap(await client.from('attachments').delete().eq('id', attachmentId).select('id')));
}
