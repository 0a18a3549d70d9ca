import { describe, expect, it } from 'vitest';
import { imageSize, png } from '../../tests/images.ts';
import { createTaskWorld } from '../../tests/world.ts';
import { deleteAttachment } from './delete-attachment.ts';
import { getAttachmentUrl } from './get-attachment-url.ts';
import { listAttachments } from './list-attachments.ts';
import { uploadAttachment } from './upload-attachment.ts';

describe('attachments', () => {
  it('uploads with progress, lists, and downloads the same bytes under the file name', async () => {
    const { world, task } = await createTaskWorld('Files');
    const bytes = new Uint8Array(300_000).map((_, i) => i % 251);
    const file = new File([bytes], 'report/2026\u0007.zip', { type: 'application/zip' });
    const progress: [number, number][] = [];
    const row = await uploadAttachment(
      world.owner.client,
      { workspaceId: world.workspaceId, taskId: task.id, file },
      (sent, total) => progress.push([sent, total]),
    );
    expect(row).toMatchObject({
      task_id: task.id,
      file_name: 'report2026.zip',
      size_bytes: 300_000,
      uploaded_by: world.owner.id,
    });
    expect(row.object_path).toMatch(
      new RegExp(`^${world.workspaceId}/${task.id}/[0-9a-f-]{36}/report2026\\.zip$`),
    );
    expect(progress.at(-1)).toEqual([300_000, 300_000]);
    expect(progress.length).toBeGreaterThan(1);

    expect((await listAttachments(world.owner.client, { taskId: task.id })).map((a) => a.id)).toEqual([
      row.id,
    ]);
    const { url, thumbnails } = await getAttachmentUrl(world.owner.client, {
      objectPath: row.object_path,
      fileName: row.file_name,
      mimeType: row.mime_type,
    });
    expect(thumbnails).toBeNull();
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('report2026.zip');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it('gives images 320 and 640 pixel thumbnails', async () => {
    const { world, task } = await createTaskWorld('Files');
    const file = new File([png(1000, 500)], 'wide.png', { type: 'image/png' });
    const row = await uploadAttachment(world.owner.client, {
      workspaceId: world.workspaceId,
      taskId: task.id,
      file,
      width: 1000,
      height: 500,
    });
    const { thumbnails } = await getAttachmentUrl(world.owner.client, {
      objectPath: row.object_path,
      fileName: row.file_name,
      mimeType: row.mime_type,
    });
    for (const width of [320, 640]) {
      const response = await fetch(thumbnails?.[width] ?? '');
      expect(response.status).toBe(200);
      expect(imageSize(new Uint8Array(await response.arrayBuffer())).width).toBe(width);
    }
  });

  it('refuses more than 10 MB before sending a byte', async () => {
    const { world, task } = await createTaskWorld('Files');
    const file = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.bin');
    let sent = 0;
    await expect(
      uploadAttachment(world.owner.client, { workspaceId: world.workspaceId, taskId: task.id, file }, (n) => {
        sent = n;
      }),
    ).rejects.toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(sent).toBe(0);
  });

  it('refuses a type outside the allow-list before sending a byte, and leaves no row (decision 122)', async () => {
    const { world, task } = await createTaskWorld('Files');
    let sent = 0;
    for (const file of [
      new File(['<script>alert(1)</script>'], 'page.html', { type: 'text/html' }),
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      new File(['MZ'], 'setup.exe'),
    ]) {
      await expect(
        uploadAttachment(
          world.owner.client,
          { workspaceId: world.workspaceId, taskId: task.id, file },
          (n) => {
            sent = n;
          },
        ),
      ).rejects.toMatchObject({ code: 'FILE_TYPE', field: 'file' });
    }
    expect(sent).toBe(0);
    expect(await listAttachments(world.owner.client, { taskId: task.id })).toEqual([]);
  });

  it('refuses viewers with FORBIDDEN and leaves no row', async () => {
    const { world, task } = await createTaskWorld('Files');
    const viewer = await world.join('viewer');
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    await expect(
      uploadAttachment(viewer.client, { workspaceId: world.workspaceId, taskId: task.id, file }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await listAttachments(world.owner.client, { taskId: task.id })).toEqual([]);
  });

  it('deletes the row and the file; a member cannot delete someone else’s', async () => {
    const { world, task } = await createTaskWorld('Files');
    const member = await world.join('member');
    const row = await uploadAttachment(world.owner.client, {
      workspaceId: world.workspaceId,
      taskId: task.id,
      file: new File(['bye'], 'bye.txt', { type: 'text/plain' }),
    });
    await expect(deleteAttachment(member.client, { attachmentId: row.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await deleteAttachment(world.owner.client, { attachmentId: row.id });
    expect(await listAttachments(world.owner.client, { taskId: task.id })).toEqual([]);
    await expect(
      getAttachmentUrl(world.owner.client, {
        objectPath: row.object_path,
        fileName: row.file_name,
        mimeType: row.mime_type,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
