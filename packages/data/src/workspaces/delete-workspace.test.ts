import { describe, expect, it } from 'vitest';
import { serviceClient } from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { uploadAttachment } from '../attachments/upload-attachment.ts';
import { deleteBoard } from '../boards/delete-board.ts';
import { createTask } from '../tasks/create-task.ts';
import { deleteWorkspace } from './delete-workspace.ts';
import { listWorkspaces } from './list-workspaces.ts';

async function attach(world: Awaited<ReturnType<typeof createWorld>>) {
  const task = await createTask(world.owner.client, {
    boardId: world.boardId,
    columnId: world.columns.todo,
    title: 'With file',
  });
  return uploadAttachment(world.owner.client, {
    workspaceId: world.workspaceId,
    taskId: task.id,
    file: new File(['data'], 'a.txt', { type: 'text/plain' }),
  });
}

async function fileExists(path: string): Promise<boolean> {
  const [folder, ...rest] = path.split('/');
  const { data } = await serviceClient()
    .storage.from('attachments')
    .list(`${folder}/${rest.slice(0, -1).join('/')}`);
  return (data ?? []).some((entry) => entry.name === rest.at(-1));
}

describe('deleting boards and workspaces', () => {
  it('deletes a board with its files; members get NOT_FOUND', async () => {
    const world = await createWorld();
    const member = await world.join('member');
    const file = await attach(world);
    await expect(deleteBoard(member.client, { boardId: world.boardId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await fileExists(file.object_path)).toBe(true);
    await deleteBoard(world.owner.client, { boardId: world.boardId });
    // The database removes the files of deleted rows after commit (decision 076): wait for it.
    while (await fileExists(file.object_path)) await new Promise((r) => setTimeout(r, 50));
  });

  it('deletes a workspace with its files for its owner only', async () => {
    const world = await createWorld();
    const admin = await world.join('admin');
    const file = await attach(world);
    await expect(deleteWorkspace(admin.client, { workspaceId: world.workspaceId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await fileExists(file.object_path)).toBe(true);
    await deleteWorkspace(world.owner.client, { workspaceId: world.workspaceId });
    expect(await listWorkspaces(world.owner.client)).toEqual([]);
    expect(await fileExists(file.object_path)).toBe(false);
  });
});
