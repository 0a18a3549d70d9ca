/** @module avatars/upload-avatar — uploads or replaces the signed-in user's avatar and points the profile at it. */
import { BUCKETS } from '@lanes/shared/constants';
import { checkAvatarFile } from '@lanes/shared/schemas/avatar';
import { type ProfileRow, profileRow } from '@lanes/shared/schemas/profile';
import { z } from 'zod';
import { type Progress, sendWithProgress, storageError } from '../attachments/send-with-progress.ts';
import type { LanesClient } from '../client.ts';
import { toLanesError } from '../errors/to-lanes-error.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export const uploadAvatarInput = z.object({ file: z.instanceof(Blob) });
export type UploadAvatarResult = ProfileRow;

/**
 * A new object name each time (`<user_id>/<uuid>.<ext>`), so caches never show the old picture; the old
 * file is removed once the profile points at the new one. FILE_TYPE / FILE_TOO_LARGE before any byte is sent.
 * The bytes go to a signed upload URL (storage policies decide when it is made), so progress can be reported
 * (decision 083).
 * @example await uploadAvatar(client, { file }, (sent, total) => setPercent(Math.round((100 * sent) / total)))
 */
export async function uploadAvatar(
  client: LanesClient,
  input: z.input<typeof uploadAvatarInput>,
  onProgress?: Progress,
): Promise<UploadAvatarResult> {
  const { file } = parseInput(uploadAvatarInput, input);
  const extension = checkAvatarFile({ size: file.size, type: file.type });
  const userId = await sessionUserId(client);
  const path = `${userId}/${crypto.randomUUID()}.${extension}`;
  const bucket = client.storage.from(BUCKETS.avatars);

  const previous = unwrap(await client.from('profiles').select('avatar_path').eq('id', userId).single());
  const signed = unwrap(await bucket.createSignedUploadUrl(path));
  const sent = await sendWithProgress(signed.signedUrl, file, file.type, onProgress).catch(
    (error: unknown) => {
      throw toLanesError(error);
    },
  );
  if (sent.status >= 300) throw toLanesError(storageError(sent));
  const rows = unwrap(await client.from('profiles').update({ avatar_path: path }).eq('id', userId).select());
  if (previous.avatar_path) await bucket.remove([previous.avatar_path]);
  return parseAnswer(profileRow, oneRow(rows));
}
