/** @module schemas/attachment — attachment file rules (size, name) and the attachment row. */
import { z } from 'zod';
import { type AttachmentMimeType, attachmentType } from '../attachment-types.ts';
import { LIMITS } from '../constants.ts';
import { LanesError } from '../errors.ts';
import { id, timestamp } from './fields.ts';

// Path separators would let a name escape its folder; control characters break headers and listings.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNSAFE_IN_FILE_NAME = /[/\\\u0000-\u001f\u007f-\u009f]/g;

/** SPEC §5: a file name is 1–200 characters after removing `/`, `\` and control characters. */
export const attachmentFileName = z
  .string()
  .transform((name) => name.replace(UNSAFE_IN_FILE_NAME, '').trim())
  .pipe(
    z
      .string()
      .min(1, { message: 'The file needs a name.' })
      .max(200, { message: 'File names are at most 200 characters.' }),
  );

export const attachmentSize = z
  .number()
  .int()
  .min(0)
  .max(LIMITS.attachmentBytes, { message: 'Attachments are at most 10 MB.' });

export const attachmentFile = z.object({
  name: attachmentFileName,
  size: attachmentSize,
  type: z.string(),
});
export type AttachmentFile = z.infer<typeof attachmentFile>;

/**
 * Checks a file before any byte is sent, answering with the catalogue's upload codes: FILE_TOO_LARGE,
 * FILE_TYPE (not in `ATTACHMENT_TYPES`), VALIDATION (the name).
 * @returns the cleaned file name and the type to store it with
 */
export function checkAttachmentFile(file: { name: string; size: number; type: string }): {
  name: string;
  mimeType: AttachmentMimeType;
} {
  if (file.size > LIMITS.attachmentBytes)
    throw new LanesError('FILE_TOO_LARGE', { field: 'file', details: { limit: LIMITS.attachmentBytes } });
  const mimeType = attachmentType(file.name, file.type);
  if (!mimeType) throw new LanesError('FILE_TYPE', { field: 'file', details: { type: file.type } });
  const name = attachmentFileName.safeParse(file.name);
  if (!name.success) {
    throw new LanesError('VALIDATION', {
      field: 'file',
      message: name.error.issues[0]?.message ?? 'Invalid file name.',
    });
  }
  return { name: name.data, mimeType };
}

export const uploadAttachmentInput = z.object({ workspaceId: id, taskId: id });
export type UploadAttachmentInput = z.infer<typeof uploadAttachmentInput>;

export const attachmentRow = z.object({
  id,
  task_id: id,
  object_path: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploaded_by: id.nullable(),
  created_at: timestamp,
});
export type AttachmentRow = z.infer<typeof attachmentRow>;
