/**
 * Watching a board through the data operations against the real stack: a viewer hears of new tasks and of tasks
 * moved to done until unwatching; never of their own; an outsider cannot watch; bad input changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { anonClient, createUser } from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { createTask } from '../tasks/create-task.ts';
import { moveTask } from '../tasks/move-task.ts';
import { isWatchingBoard } from './is-watching-board.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllNotificationsRead } from './mark-all-notifications-read.ts';
import { unwatchBoard } from './unwatch-board.ts';
import { watchBoard } from './watch-board.ts';

describe('watching a board', () => {
  it('a viewer hears of new tasks and of tasks moved to done until unwatching', async () => {
    const world = await createWorld();
    const viewer = await world.join('viewer', 'Vic Viewer');
    const boardId = world.boardId;
    expect(await isWatchingBoard(viewer.client, { boardId })).toBe(false);
    await watchBoard(viewer.client, { boardId });
    await watchBoard(viewer.client, { boardId });
    expect(await isWatchingBoard(viewer.client, { boardId })).toBe(true);

    const task = await createTask(world.owner.client, {
      boardId,
      columnId: world.columns.todo,
      title: 'Hire',
    });
    await moveTask(world.owner.client, {
      taskId: task.id,
      columnId: world.columns.done,
      beforeId: null,
      afterId: null,
    });
    const rows = await listNotifications(viewer.client);
    expect(rows.map((n) => [n.kind, n.task?.id, n.actor?.id])).toEqual([
      ['completed', task.id, world.owner.id],
      ['created', task.id, world.owner.id],
    ]);

    await markAllNotificationsRead(viewer.client);
    await unwatchBoard(viewer.client, { boardId });
    await unwatchBoard(viewer.client, { boardId });
    expect(await isWatchingBoard(viewer.client, { boardId })).toBe(false);
    await createTask(world.owner.client, { boardId, columnId: world.columns.todo, title: 'Fire' });
    expect(await listNotifications(viewer.client, { unreadOnly: true })).toEqual([]);
  });

  it('never tells the watcher of their own new task', async () => {
    const world = await createWorld();
    await watchBoard(world.owner.client, { boardId: world.boardId });
    await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'Own',
    });
    expect(await listNotifications(world.owner.client)).toEqual([]);
  });

  it('refuses an outsider, bad input and a signed-out caller, changing nothing', async () => {
    const world = await createWorld();
    const outsider = await createUser('Otto Outsider');
    await expect(watchBoard(outsider.client, { boardId: world.boardId })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await isWatchingBoard(outsider.client, { boardId: world.boardId })).toBe(false);
    await expect(watchBoard(world.owner.client, { boardId: 'nope' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    await expect(watchBoard(anonClient(), { boardId: world.boardId })).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
    expect(await isWatchingBoard(world.owner.client, { boardId: world.boardId })).toBe(false);
  });
});
