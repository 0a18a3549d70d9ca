import { describe, expect, it } from 'vitest';
import { imageSize, png } from '../../tests/images.ts';
import { createTaskWorld, createWorld } from '../../tests/world.ts';
import { signThumbnails } from './sign-thumbnails.ts';
import { uploadAttachment } from './upload-attachment.ts';

describe('signThumbnails', () => {
  it('signs 320 and 640 pixel renders of many images at once, for members only', async () => {
    const { world, task } = await createTaskWorld('Pictures');
    const rows = await Promise.all(
      ['a.png', 'b.png'].map((name) =>
        uploadAttachment(world.owner.client, {
          workspaceId: world.workspaceId,
          taskId: task.id,
          file: new File([png(1000, 500)], name, { type: 'image/png' }),
        }),
      ),
    );
    const paths = rows.map((r) => r.object_path);
    const thumbs = await signThumbnails(world.owner.client, { objectPaths: paths });
    expect(Object.keys(thumbs).sort()).toEqual([...paths].sort());
    const small = await fetch(thumbs[paths[0]!]![320]!);
    expect(small.status).toBe(200);
    expect(imageSize(new Uint8Array(await small.arrayBuffer())).width).toBe(320);

    const one = await signThumbnails(world.owner.client, { objectPaths: [paths[1]!], widths: ['640'] });
    expect(Object.keys(one[paths[1]!]!)).toEqual(['640']);
    await expect(
      signThumbnails(world.owner.client, { objectPaths: [paths[1]!], widths: [500 as never] }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });

    const stranger = await createWorld();
    await expect(signThumbnails(stranger.owner.client, { objectPaths: paths })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
