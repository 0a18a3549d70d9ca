import { describe, expect, it } from 'vitest';
import { createUser } from '../../tests/helpers.ts';
import { createTaskWorld } from '../../tests/world.ts';
import { updateTask } from '../tasks/update-task.ts';
import { isWatchingTask } from './is-watching-task.ts';
import { listMentionCandidates } from './list-mention-candidates.ts';
import { listNotifications } from './list-notifications.ts';
import { openNotification } from './open-notification.ts';
import { unwatchTask } from './unwatch-task.ts';

describe('opening a notification', () => {
  it('marks it read and says which task it leads to; other people’s ids are not found', async () => {
    const { world, task } = await createTaskWorld('Book the hall');
    const member = await world.join('member', 'Mia Member');
    await updateTask(world.owner.client, { taskId: task.id, assigneeId: member.id });
    const [note] = await listNotifications(member.client);
    await expect(openNotification(world.owner.client, { notificationId: note!.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await openNotification(member.client, { notificationId: note!.id })).toEqual({
      workspaceSlug: world.slug,
      boardId: world.boardId,
      taskId: task.id,
    });
    expect((await listNotifications(member.client))[0]!.read_at).not.toBeNull();
    await expect(openNotification(member.client, { notificationId: 'nope' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});

describe('the panel’s watch state and the mention list', () => {
  it('tells whether the caller watches a task, and lists members with their handles', async () => {
    const { world, task } = await createTaskWorld('Print the posters');
    const viewer = await world.join('viewer', 'Vic Viewer');
    expect(await isWatchingTask(world.owner.client, { taskId: task.id })).toBe(true);
    expect(await isWatchingTask(viewer.client, { taskId: task.id })).toBe(false);
    await unwatchTask(world.owner.client, { taskId: task.id });
    expect(await isWatchingTask(world.owner.client, { taskId: task.id })).toBe(false);

    const people = await listMentionCandidates(viewer.client, { workspaceId: world.workspaceId });
    expect(people.map((p) => p.name).sort()).toEqual(['Olive Owner', 'Vic Viewer']);
    const owner = people.find((p) => p.userId === world.owner.id)!;
    expect(world.owner.email.startsWith(`${owner.handle}@`)).toBe(true);
    const outsider = await createUser('Otto Outsider');
    expect(await listMentionCandidates(outsider.client, { workspaceId: world.workspaceId })).toEqual([]);
  });
});
