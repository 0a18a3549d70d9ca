/**
 * @module attachments/upload-attachment — uploads a file to a task with progress: a signed upload URL (storage
 * policies decide at creation), the bytes, then the `attachments` row. A file whose row is refused can be read by
 * nobody and is swept an hour later (decision 076).
 */
import { BUCKETS } from '@lanes/shared/constants';
import { type AttachmentRow, attachmentRow, checkAttachmentFile } from '@lanes/shared/schemas/attachment';
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { toLanesError } from '../errors/to-lanes-error.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { type Progress, sendWithProgress, storageError } from './send-with-progress.ts';

export const uploadAttachmentInput = z.object({
  workspaceId: id,
  taskId: id,
  file: z.instanceof(Blob),
  /** The name to show; a File's own name when omitted. */
  fileName: z.string().optional(),
  /** Pixel size of images, when the caller measured it (e.g. with createImageBitmap). */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type UploadAttachmentResult = AttachmentRow;

/**
 * FILE_TOO_LARGE and FILE_TYPE (decision 122) before any byte is sent; FORBIDDEN for viewers; LIMIT_REACHED at 20 per task.
 * @example await uploadAttachment(client, { workspaceId, taskId, file }, (sent, total) => setPercent(sent / total))
 */
export async function uploadAttachment(
  client: LanesClient,
  input: z.input<typeof uploadAttachmentInput>,
  onProgress?: Progress,
): Promise<UploadAttachmentResult> {
  const { workspaceId, taskId, file, fileName, width, height } = parseInput(uploadAttachmentInput, input);
  const { name, mimeType } = checkAttachmentFile({
    name: fileName ?? (file as File).name ?? '',
    size: file.size,
    type: file.type,
  });
  const objectPath = `${workspaceId}/${taskId}/${crypto.randomUUID()}/${name}`;
  const signed = unwrap(await client.storage.from(BUCKETS.attachments).createSignedUploadUrl(objectPath));
  const sent = await sendWithProgress(signed.signedUrl, file, mimeType, onProgress).catch(
    (error: unknown) => {
      throw toLanesError(error);
    },
  );
  if (sent.status >= 300) throw toLanesError(storageError(sent));

  const { data, error } = await client
    .from('attachments')
    .insert({
      task_id: taskId,
      object_path: objectPath,
      file_name: name,
      mime_type: mimeType,
      size_bytes: file.size,
      width: width ?? null,
      height: height ?? null,
    })
    .select()
    .single();
  if (error) throw toLanesError(error);
  return parseAnswer(attachmentRow, data);
}
