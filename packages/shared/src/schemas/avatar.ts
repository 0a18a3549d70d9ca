/** @module schemas/avatar — avatar file rules: PNG, JPEG or WebP up to 2 MB. */
import { z } from 'zod';
import { AVATAR_MIME_TYPES, type AvatarMimeType, LIMITS } from '../constants.ts';
import { LanesError } from '../errors.ts';

export const avatarMimeType = z.enum(AVATAR_MIME_TYPES, { message: 'Use a PNG, JPEG or WebP image.' });

export const avatarFile = z.object({
  size: z.number().int().min(0).max(LIMITS.avatarBytes, { message: 'Avatars are at most 2 MB.' }),
  type: avatarMimeType,
});
export type AvatarFile = z.infer<typeof avatarFile>;

export const AVATAR_EXTENSIONS: Record<AvatarMimeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Checks an avatar before upload, answering FILE_TYPE or FILE_TOO_LARGE; returns its extension. */
export function checkAvatarFile(file: { size: number; type: string }): string {
  const type = avatarMimeType.safeParse(file.type);
  if (!type.success)
    throw new LanesError('FILE_TYPE', { field: 'avatar', message: 'Use a PNG, JPEG or WebP image.' });
  if (file.size > LIMITS.avatarBytes) {
    throw new LanesError('FILE_TOO_LARGE', {
      field: 'avatar',
      message: 'Avatars are at most 2 MB.',
      details: { limit: LIMITS.avatarBytes },
    });
  }
  return AVATAR_EXTENSIONS[type.data];
}
