import { afterEach, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { createColumn } from '../boards/create-column.ts';
import { createLabel } from '../boards/create-label.ts';
import { deleteColumn } from '../boards/delete-column.ts';
import { archiveTask } from '../tasks/archive-task.ts';
import { createTask } from '../tasks/create-task.ts';
import { deleteTask } from '../tasks/delete-task.ts';
import { moveTask } from '../tasks/move-task.ts';
import { setTaskLabels } from '../tasks/set-task-labels.ts';
import { type BoardEvent, type BoardSubscription, subscribeBoard } from './subscribe-board.ts';

const open: BoardSubscription[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.unsubscribe()));
});

/** Collects a subscription's events; `next` resolves with the first (past or future) event matching. */
function recorder() {
  const events: BoardEvent[] = [];
  const waiters: { match: (e: BoardEvent) => boolean; resolve: (e: BoardEvent) => void }[] = [];
  return {
    events,
    push(event: BoardEvent) {
      events.push(event);
      for (const waiter of waiters.filter((w) => w.match(event))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    },
    next<E extends BoardEvent>(match: (e: BoardEvent) => boolean): Promise<E> {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen as E);
      return new Promise((resolve) => waiters.push({ match, resolve: resolve as (e: BoardEvent) => void }));
    },
  };
}

describe('subscribeBoard', () => {
  it('delivers task inserts and moves of the board as typed rows', async () => {
    const world = await createWorld();
    const member = await world.join('member', 'Mia');
    const seen = recorder();
    open.push(
      subscribeBoard(
        member.client,
        { boardId: world.boardId, me: { userId: member.id, displayName: 'Mia', avatarPath: 'm/pic.png' } },
        seen.push,
      ),
    );
    await seen.next((e) => e.kind === 'status' && e.status === 'SUBSCRIBED');

    const task = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'Live',
    });
    const inserted = await seen.next<Extract<BoardEvent, { kind: 'upsert' }>>(
      (e) => e.kind === 'upsert' && e.table === 'tasks',
    );
    expect(inserted.row).toMatchObject({
      id: task.id,
      title: 'Live',
      number: 1,
      column_id: world.columns.todo,
    });

    await moveTask(world.owner.client, {
      taskId: task.id,
      columnId: world.columns.done,
      beforeId: null,
      afterId: null,
    });
    const moved = await seen.next<Extract<BoardEvent, { kind: 'upsert' }>>(
      (e) => e.kind === 'upsert' && e.table === 'tasks' && e.row.column_id === world.columns.done,
    );
    expect(moved.row).toMatchObject({ id: task.id, completed_at: expect.any(String) });
  });

  it('delivers labels set on and taken off a task', async () => {
    const world = await createWorld();
    const member = await world.join('member', 'Lou');
    const seen = recorder();
    open.push(
      subscribeBoard(
        member.client,
        { boardId: world.boardId, me: { userId: member.id, displayName: 'Lou' } },
        seen.push,
      ),
    );
    await seen.next((e) => e.kind === 'status' && e.status === 'SUBSCRIBED');

    const task = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'Labelled',
    });
    const bug = await createLabel(world.owner.client, { boardId: world.boardId, name: 'Bug', color: 'red' });
    await setTaskLabels(world.owner.client, { taskId: task.id, labelIds: [bug.id] });
    expect(await seen.next((e) => e.kind === 'task-label' && e.on)).toEqual({
      kind: 'task-label',
      taskId: task.id,
      labelId: bug.id,
      on: true,
    });
    await setTaskLabels(world.owner.client, { taskId: task.id, labelIds: [] });
    expect(await seen.next((e) => e.kind === 'task-label' && !e.on)).toEqual({
      kind: 'task-label',
      taskId: task.id,
      labelId: bug.id,
      on: false,
    });
  });

  it('delivers deletes of the board’s tasks and columns as ids', async () => {
    const world = await createWorld();
    const member = await world.join('member', 'Dee');
    const seen = recorder();
    open.push(
      subscribeBoard(
        member.client,
        { boardId: world.boardId, me: { userId: member.id, displayName: 'Dee' } },
        seen.push,
      ),
    );
    await seen.next((e) => e.kind === 'status' && e.status === 'SUBSCRIBED');

    const task = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'Short-lived',
    });
    await archiveTask(world.owner.client, { taskId: task.id });
    await deleteTask(world.owner.client, { taskId: task.id });
    const taskGone = await seen.next((e) => e.kind === 'delete' && e.table === 'tasks');
    expect(taskGone).toEqual({ kind: 'delete', table: 'tasks', id: task.id });

    const column = await createColumn(world.owner.client, { boardId: world.boardId, name: 'Later' });
    await deleteColumn(world.owner.client, { columnId: column.id });
    const columnGone = await seen.next((e) => e.kind === 'delete' && e.table === 'columns');
    expect(columnGone).toEqual({ kind: 'delete', table: 'columns', id: column.id });
  });

  it('shares who is viewing which task, and cards being dragged', async () => {
    const world = await createWorld();
    const member = await world.join('member', 'Mia');
    const ownerSeen = recorder();
    const memberSeen = recorder();
    const ownerSub = subscribeBoard(
      world.owner.client,
      { boardId: world.boardId, me: { userId: world.owner.id, displayName: 'Olive' } },
      ownerSeen.push,
    );
    const memberSub = subscribeBoard(
      member.client,
      { boardId: world.boardId, me: { userId: member.id, displayName: 'Mia', avatarPath: 'm/pic.png' } },
      memberSeen.push,
    );
    open.push(ownerSub, memberSub);
    await ownerSeen.next((e) => e.kind === 'status' && e.status === 'SUBSCRIBED');
    await memberSeen.next((e) => e.kind === 'status' && e.status === 'SUBSCRIBED');

    const taskId = crypto.randomUUID();
    await memberSub.viewTask(taskId);
    const presence = await ownerSeen.next<Extract<BoardEvent, { kind: 'presence' }>>(
      (e) => e.kind === 'presence' && e.viewers.some((v) => v.userId === member.id && v.taskId === taskId),
    );
    expect(presence.viewers).toContainEqual({
      userId: member.id,
      displayName: 'Mia',
      avatarPath: 'm/pic.png',
      taskId,
    });

    // Drags are shown under people on the board: wait until the member sees the owner there.
    await memberSeen.next((e) => e.kind === 'presence' && e.viewers.some((v) => v.userId === world.owner.id));
    await ownerSub.sendDrag({ taskId, columnId: world.columns.doing, index: 2 });
    const drag = await memberSeen.next<Extract<BoardEvent, { kind: 'drag' }>>((e) => e.kind === 'drag');
    expect(drag.drag).toEqual({ userId: world.owner.id, taskId, columnId: world.columns.doing, index: 2 });
  });

  it("drops drags claimed under someone not on the board, and a viewer's drags (decision 070)", async () => {
    const world = await createWorld();
    const mia = await world.join('member', 'Mia');
    const vic = await world.join('viewer', 'Vic');
    const absent = await world.join('admin', 'Absent');
    const ownerSeen = recorder();
    open.push(
      subscribeBoard(
        world.owner.client,
        { boardId: world.boardId, me: { userId: world.owner.id, displayName: 'Olive' } },
        ownerSeen.push,
      ),
    );
    await ownerSeen.next((e) => e.kind === 'status' && e.status === 'SUBSCRIBED');
    // The attackers talk on the board channel directly, as a script with their session could.
    const raw = async (client: typeof mia.client, userId: string) => {
      const channel = client.channel(`board:${world.boardId}`, {
        config: { private: true, presence: { key: userId }, broadcast: { ack: true } },
      });
      await new Promise<void>((resolve) => channel.subscribe((s) => s === 'SUBSCRIBED' && resolve()));
      await channel.track({ displayName: 'x', avatarPath: null, taskId: null });
      return channel;
    };
    const miaChannel = await raw(mia.client, mia.id);
    const vicChannel = await raw(vic.client, vic.id);
    await ownerSeen.next(
      (e) => e.kind === 'presence' && [mia.id, vic.id].every((id) => e.viewers.some((v) => v.userId === id)),
    );
    const drag = (userId: string, index: number) => ({
      type: 'broadcast' as const,
      event: 'drag',
      payload: { userId, taskId: crypto.randomUUID(), columnId: world.columns.doing, index },
    });
    await miaChannel.send(drag(absent.id, 1));
    await vicChannel.send(drag(vic.id, 2));
    await miaChannel.send(drag(mia.id, 3));
    const first = await ownerSeen.next<Extract<BoardEvent, { kind: 'drag' }>>((e) => e.kind === 'drag');
    expect(first.drag).toMatchObject({ userId: mia.id, index: 3 });
    expect(ownerSeen.events.filter((e) => e.kind === 'drag')).toHaveLength(1);
    await Promise.all([mia.client.removeChannel(miaChannel), vic.client.removeChannel(vicChannel)]);
  });

  it('refuses the board channel to non-members', async () => {
    const world = await createWorld();
    const stranger = await createUser('Stranger');
    const seen = recorder();
    open.push(
      subscribeBoard(
        stranger.client,
        { boardId: world.boardId, me: { userId: stranger.id, displayName: 'S' } },
        seen.push,
      ),
    );
    const status = await seen.next<Extract<BoardEvent, { kind: 'status' }>>((e) => e.kind === 'status');
    expect(status.status).toBe('CHANNEL_ERROR');
  });
});
