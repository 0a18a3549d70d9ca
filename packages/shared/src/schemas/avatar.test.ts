import { describe, expect, it } from 'vitest';
import { checkAvatarFile } from './avatar.ts';

describe('checkAvatarFile', () => {
  it('accepts PNG, JPEG and WebP up to 2 MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 2 * 1024 * 1024 })).toBe('png');
    expect(checkAvatarFile({ type: 'image/jpeg', size: 1 })).toBe('jpg');
    expect(checkAvatarFile({ type: 'image/webp', size: 1 })).toBe('webp');
  });
  it('refuses other types with FILE_TYPE', () => {
    expect(() => checkAvatarFile({ type: 'image/gif', size: 1 })).toThrow(
      expect.objectContaining({ code: 'FILE_TYPE' }),
    );
  });
  it('refuses one byte over 2 MB with FILE_TOO_LARGE', () => {
    expect(() => checkAvatarFile({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toThrow(
      expect.objectContaining({ code: 'FILE_TOO_LARGE' }),
    );
  });
});
