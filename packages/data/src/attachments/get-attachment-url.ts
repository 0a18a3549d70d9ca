/** @module attachments/get-attachment-url — short-lived signed URLs to download an attachment, and thumbnails. */
import { BUCKETS, THUMBNAIL_SIZES } from '@lanes/shared/constants';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export const getAttachmentUrlInput = z.object({
  objectPath: z.string().min(1),
  fileName: z.string().min(1),
  mimeType: z.string(),
  expiresIn: z.number().int().min(10).max(86_400).default(3600),
});

export interface GetAttachmentUrlResult {
  /** Downloads under the original file name. */
  url: string;
  /** For images: resized renders at 320 and 640 pixels wide. */
  thumbnails: Record<number, string> | null;
}

export async function getAttachmentUrl(
  client: LanesClient,
  input: z.input<typeof getAttachmentUrlInput>,
): Promise<GetAttachmentUrlResult> {
  const { objectPath, fileName, mimeType, expiresIn } = parseInput(getAttachmentUrlInput, input);
  const bucket = client.storage.from(BUCKETS.attachments);
  const download = unwrap(await bucket.createSignedUrl(objectPath, expiresIn, { download: fileName }));
  if (!mimeType.startsWith('image/')) return { url: download.signedUrl, thumbnails: null };
  const thumbnails: Record<number, string> = {};
  for (const width of THUMBNAIL_SIZES.attachment) {
    const signed = unwrap(
      await bucket.createSignedUrl(objectPath, expiresIn, { transform: { width, resize: 'contain' } }),
    );
    thumbnails[width] = signed.signedUrl;
  }
  return { url: download.signedUrl, thumbnails };
}
