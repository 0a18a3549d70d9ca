/**
 * @module attachments/sign-thumbnails — signed thumbnail URLs (SPEC §9: 320 and 640 px wide, through Storage's
 * image transform) for many image attachments at once, in parallel: what a list of attachments shows.
 */
import { BUCKETS, THUMBNAIL_SIZES } from '@lanes/shared/constants';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

const SIZES: readonly number[] = THUMBNAIL_SIZES.attachment;
const width = z.coerce
  .number()
  .refine((w) => SIZES.includes(w), { message: 'Thumbnails are 320 or 640 pixels wide.' });

export const signThumbnailsInput = z.object({
  objectPaths: z.array(z.string().min(1)).max(100),
  /** SPEC §9's attachment thumbnail widths; all of them when omitted. */
  widths: z.array(width).min(1).optional(),
  expiresIn: z.number().int().min(10).max(86_400).default(3600),
});

/** Object path → width → signed URL. */
export type SignThumbnailsResult = Record<string, Record<number, string>>;

/** @example const thumbs = await signThumbnails(client, { objectPaths: images.map((a) => a.object_path) }) */
export async function signThumbnails(
  client: LanesClient,
  input: z.input<typeof signThumbnailsInput>,
): Promise<SignThumbnailsResult> {
  const { objectPaths, expiresIn, widths: only } = parseInput(signThumbnailsInput, input);
  const sizes = only ?? SIZES;
  const bucket = client.storage.from(BUCKETS.attachments);
  const signed = await Promise.all(
    objectPaths.flatMap((path) =>
      sizes.map(async (width) => {
        const answer = unwrap(
          await bucket.createSignedUrl(path, expiresIn, { transform: { width, resize: 'contain' } }),
        );
        return { path, width, url: answer.signedUrl };
      }),
    ),
  );
  const result: SignThumbnailsResult = {};
  for (const { path, width, url } of signed) result[path] = { ...result[path], [width]: url };
  return result;
}
