/** @module avatars/avatar-url — the public URL of an avatar resized for one of the sizes the app shows. */
import { type AvatarSize, BUCKETS } from '@lanes/shared/constants';
import type { LanesClient } from '../client.ts';

export type AvatarUrlInput = { avatarPath: string; size: AvatarSize };
export type AvatarUrlResult = string;

/**
 * No request: public bucket + transform parameters. Square crops at 48 or 96 px (twice the CSS size on
 * high-density screens).
 * @example <img src={avatarUrl(client, { avatarPath, size: 48 })} width={24} height={24} />
 */
export function avatarUrl(client: LanesClient, { avatarPath, size }: AvatarUrlInput): AvatarUrlResult {
  return client.storage.from(BUCKETS.avatars).getPublicUrl(avatarPath, {
    transform: { width: size, height: size, resize: 'cover' },
  }).data.publicUrl;
}
