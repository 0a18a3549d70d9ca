import { describe, expect, it } from 'vitest';
import { createUser } from '../../tests/helpers.ts';
import { imageSize, png } from '../../tests/images.ts';
import { avatarUrl } from './avatar-url.ts';
import { removeAvatar } from './remove-avatar.ts';
import { uploadAvatar } from './upload-avatar.ts';

describe('avatars', () => {
  it('uploads into the user’s folder and serves 48 and 96 pixel squares publicly', async () => {
    const user = await createUser('Pic');
    const file = new File([png(200, 120)], 'me.png', { type: 'image/png' });
    const progress: [number, number][] = [];
    const profile = await uploadAvatar(user.client, { file }, (sent, total) => progress.push([sent, total]));
    expect(progress.at(-1)).toEqual([file.size, file.size]);
    expect(profile.avatar_path).toMatch(new RegExp(`^${user.id}/[0-9a-f-]{36}\\.png$`));
    for (const size of [48, 96] as const) {
      const response = await fetch(avatarUrl(user.client, { avatarPath: profile.avatar_path!, size }));
      expect(response.status).toBe(200);
      expect(imageSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: size, height: size });
    }
  });

  it('replaces the old file, and removes it on remove', async () => {
    const user = await createUser('Pic');
    const first = await uploadAvatar(user.client, {
      file: new File([png(64, 64)], 'a.png', { type: 'image/png' }),
    });
    const second = await uploadAvatar(user.client, {
      file: new File([png(64, 64)], 'b.png', { type: 'image/png' }),
    });
    expect(second.avatar_path).not.toBe(first.avatar_path);
    const publicUrl = (path: string) => user.client.storage.from('avatars').getPublicUrl(path).data.publicUrl;
    expect((await fetch(publicUrl(first.avatar_path!))).status).toBe(400);
    expect((await removeAvatar(user.client)).avatar_path).toBeNull();
    expect((await fetch(publicUrl(second.avatar_path!))).status).toBe(400);
  });

  it('refuses GIFs with FILE_TYPE and files over 2 MB with FILE_TOO_LARGE', async () => {
    const user = await createUser('Pic');
    await expect(
      uploadAvatar(user.client, { file: new File(['GIF89a'], 'x.gif', { type: 'image/gif' }) }),
    ).rejects.toMatchObject({
      code: 'FILE_TYPE',
    });
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'x.png', { type: 'image/png' });
    await expect(uploadAvatar(user.client, { file: big })).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
  });
});
