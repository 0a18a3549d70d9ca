/** @module avatars/remove-avatar — clears the signed-in user's avatar and deletes its file. */
import { BUCKETS } from '@lanes/shared/constants';
import { type ProfileRow, profileRow } from '@lanes/shared/schemas/profile';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export const removeAvatarInput = z.undefined();
export type RemoveAvatarResult = ProfileRow;

export async function removeAvatar(client: LanesClient): Promise<RemoveAvatarResult> {
  const userId = await sessionUserId(client);
  const previous = unwrap(await client.from('profiles').select('avatar_path').eq('id', userId).single());
  const rows = unwrap(await client.from('profiles').update({ avatar_path: null }).eq('id', userId).select());
  if (previous.avatar_path) unwrap(await client.storage.from(BUCKETS.avatars).remove([previous.avatar_path]));
  return parseAnswer(profileRow, oneRow(rows));
}
