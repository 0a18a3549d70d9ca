/** @module attachments/delete-attachment — removes an attachment's row, then its file (uploader, or admins). */
import { BUCKETS } from '@lanes/shared/constants';
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseInput, unwrap } from '../internal/checks.ts';

export const deleteAttachmentInput = z.object({ attachmentId: id });
export type DeleteAttachmentResult = undefined;

/** The row goes first: once it is gone nobody sees the file, even if removing the file fails. */
export async function deleteAttachment(client: LanesClient, input: unknown): Promise<DeleteAttachmentResult> {
  const { attachmentId } = parseInput(deleteAttachmentInput, input);
  const rows = unwrap(await client.from('attachments').delete().eq('id', attachmentId).select('object_path'));
  const { object_path } = oneRow(rows);
  unwrap(await client.storage.from(BUCKETS.attachments).remove([object_path]));
}
