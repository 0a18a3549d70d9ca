/** @module attachments/list-attachments — a task's attachments, newest first. */
import { type AttachmentRow, attachmentRow } from '@lanes/shared/schemas/attachment';
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const listAttachmentsInput = z.object({ taskId: id });
export type ListAttachmentsResult = AttachmentRow[];

export async function listAttachments(
  client: LanesClient,
  input: z.input<typeof listAttachmentsInput>,
  signal?: AbortSignal,
): Promise<ListAttachmentsResult> {
  const { taskId } = parseInput(listAttachmentsInput, input);
  const rows = unwrap(
    await abortable(
      client.from('attachments').select('*').eq('task_id', taskId).order('created_at', { ascending: false }),
      signal,
    ),
  );
  return parseAnswer(z.array(attachmentRow), rows);
}
