import { describe, expect, it } from 'vitest';
import { png } from '../../tests/images.ts';
import { createTaskWorld } from '../../tests/world.ts';
import { uploadAttachment } from '../attachments/upload-attachment.ts';
import { setTaskCover } from './set-task-cover.ts';

describe('setTaskCover', () => {
  it("sets a task's image as its cover and removes it; refuses other files, bad input and viewers", async () => {
    const { world, task } = await createTaskWorld('With a cover');
    const upload = (name: string, type: string, bytes: BlobPart) =>
      uploadAttachment(world.owner.client, {
        workspaceId: world.workspaceId,
        taskId: task.id,
        file: new File([bytes], name, { type }),
      });
    const image = await upload('cover.png', 'image/png', png(800, 400));
    const text = await upload('notes.txt', 'text/plain', 'hello');

    expect(await setTaskCover(world.owner.client, { taskId: task.id, attachmentId: image.id })).toEqual({
      id: task.id,
      cover_attachment_id: image.id,
    });
    await expect(
      setTaskCover(world.owner.client, { taskId: task.id, attachmentId: text.id }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(
      setTaskCover(world.owner.client, { taskId: task.id, attachmentId: 'not-an-id' }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    const viewer = await world.join('viewer');
    await expect(setTaskCover(viewer.client, { taskId: task.id, attachmentId: null })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    // Nothing above changed it; then the owner removes it.
    expect(await setTaskCover(world.owner.client, { taskId: task.id, attachmentId: image.id })).toMatchObject(
      {
        cover_attachment_id: image.id,
      },
    );
    expect(await setTaskCover(world.owner.client, { taskId: task.id, attachmentId: null })).toMatchObject({
      cover_attachment_id: null,
    });
  });
});
