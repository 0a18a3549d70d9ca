import { afterEach, describe, expect, it } from 'vitest';
import { createWorld } from '../../tests/world.ts';
import { archiveBoard } from '../boards/archive-board.ts';
import { createBoard } from '../boards/create-board.ts';
import { createColumn } from '../boards/create-column.ts';
import { createLabel } from '../boards/create-label.ts';
import { listMoveTargets } from '../boards/list-move-targets.ts';
import { type BoardEvent, type BoardSubscription, subscribeBoard } from '../realtime/subscribe-board.ts';
import { createTask } from './create-task.ts';
import { moveTaskToBoard } from './move-task-to-board.ts';
import { setTaskLabels } from './set-task-labels.ts';

const open: BoardSubscription[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.unsubscribe()));
});

/** A world with a second board ("Release", columns Inbox and Later) and one labelled task on the first. */
async function twoBoards() {
  const world = await createWorld();
  const other = await createBoard(world.owner.client, { workspaceId: world.workspaceId, name: 'Release' });
  const inbox = await createColumn(world.owner.client, { boardId: other.id, name: 'Inbox' });
  const later = await createColumn(world.owner.client, { boardId: other.id, name: 'Later' });
  const task = await createTask(world.owner.client, {
    boardId: world.boardId,
    columnId: world.columns.todo,
    title: 'Travels',
  });
  const bug = await createLabel(world.owner.client, { boardId: world.boardId, name: 'Bug', color: 'red' });
  const ux = await createLabel(world.owner.client, { boardId: world.boardId, name: 'UX', color: 'blue' });
  const bugThere = await createLabel(world.owner.client, { boardId: other.id, name: 'Bug', color: 'green' });
  await setTaskLabels(world.owner.client, { taskId: task.id, labelIds: [bug.id, ux.id] });
  return { world, other, inbox, later, task, bugThere };
}

/** Collects a subscription's events; `next` resolves with the first (past or future) event matching. */
function recorder() {
  const events: BoardEvent[] = [];
  const waiters: { match: (e: BoardEvent) => boolean; resolve: (e: BoardEvent) => void }[] = [];
  return {
    push(event: BoardEvent) {
      events.push(event);
      for (const waiter of waiters.filter((w) => w.match(event))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    },
    next(match: (e: BoardEvent) => boolean): Promise<BoardEvent> {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

describe('moveTaskToBoard', () => {
  it('moves a task to a column of another board: a new number, labels kept by name, the rest named', async () => {
    const { world, other, inbox, task, bugThere } = await twoBoards();
    const member = await world.join('member');
    const moved = await moveTaskToBoard(member.client, {
      taskId: task.id,
      boardId: other.id,
      columnId: inbox.id,
    });
    expect(moved).toEqual({
      task: expect.objectContaining({ id: task.id, board_id: other.id, column_id: inbox.id, number: 1 }),
      keptLabelIds: [bugThere.id],
      droppedLabels: ['UX'],
    });
  });

  it('lists the boards it can go to, with their columns in order; archived boards are left out', async () => {
    const { world, other, inbox, later, task } = await twoBoards();
    const old = await createBoard(world.owner.client, { workspaceId: world.workspaceId, name: 'Old' });
    await archiveBoard(world.owner.client, { boardId: old.id });
    const first = await createTask(world.owner.client, {
      boardId: other.id,
      columnId: inbox.id,
      title: 'First',
    });
    await createTask(world.owner.client, { boardId: other.id, columnId: inbox.id, title: 'Second' });
    expect(await listMoveTargets(world.owner.client, { workspaceId: world.workspaceId })).toEqual([
      {
        id: world.boardId,
        name: 'Launch',
        columns: [
          { id: world.columns.todo, name: 'To do', firstTaskId: task.id },
          { id: world.columns.doing, name: 'Doing', firstTaskId: null },
          { id: world.columns.done, name: 'Done', firstTaskId: null },
        ],
      },
      {
        id: other.id,
        name: 'Release',
        columns: [
          { id: inbox.id, name: 'Inbox', firstTaskId: first.id },
          { id: later.id, name: 'Later', firstTaskId: null },
        ],
      },
    ]);
    // Named as the card to go above, the first card puts the moved one at the top.
    const moved = await moveTaskToBoard(world.owner.client, {
      taskId: task.id,
      boardId: other.id,
      columnId: inbox.id,
      afterId: first.id,
    });
    const [, release] = await listMoveTargets(world.owner.client, { workspaceId: world.workspaceId });
    expect(release?.columns[0]?.firstTaskId).toBe(moved.task.id);
    // A dialog closed before the answer aborts the read.
    await expect(
      listMoveTargets(world.owner.client, { workspaceId: world.workspaceId }, AbortSignal.abort()),
    ).rejects.toMatchObject({ code: 'NETWORK' });
  });

  it('refuses a viewer, a column of another board, an archived board and bad input', async () => {
    const { world, other, inbox, later, task } = await twoBoards();
    const viewer = await world.join('viewer');
    await expect(
      moveTaskToBoard(viewer.client, { taskId: task.id, boardId: other.id, columnId: inbox.id }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      moveTaskToBoard(world.owner.client, { taskId: task.id, boardId: 'not-an-id', columnId: inbox.id }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(
      moveTaskToBoard(world.owner.client, {
        taskId: task.id,
        boardId: other.id,
        columnId: world.columns.doing,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await archiveBoard(world.owner.client, { boardId: other.id });
    await expect(
      moveTaskToBoard(world.owner.client, { taskId: task.id, boardId: other.id, columnId: later.id }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const [target] = await listMoveTargets(world.owner.client, { workspaceId: world.workspaceId });
    expect(target?.id).toBe(world.boardId);
  });

  it('live: the old board hears the task left, the new board sees it arrive with its kept label', async () => {
    const { world, other, inbox, task, bugThere } = await twoBoards();
    const onOld = await world.join('member', 'Olga');
    const onNew = await world.join('viewer', 'Nina');
    const oldSeen = recorder();
    const newSeen = recorder();
    const me = (user: { id: string }, name: string) => ({
      userId: user.id,
      displayName: name,
      avatarPath: null,
    });
    open.push(subscribeBoard(onOld.client, { boardId: world.boardId, me: me(onOld, 'Olga') }, oldSeen.push));
    open.push(subscribeBoard(onNew.client, { boardId: other.id, me: me(onNew, 'Nina') }, newSeen.push));
    const joined = (e: BoardEvent) => e.kind === 'status' && e.status === 'SUBSCRIBED';
    await Promise.all([oldSeen.next(joined), newSeen.next(joined)]);

    await moveTaskToBoard(world.owner.client, { taskId: task.id, boardId: other.id, columnId: inbox.id });

    expect(await oldSeen.next((e) => e.kind === 'task-left')).toEqual({ kind: 'task-left', taskId: task.id });
    const arrived = await newSeen.next((e) => e.kind === 'upsert' && e.table === 'tasks');
    expect(arrived).toMatchObject({ row: { id: task.id, board_id: other.id, column_id: inbox.id } });
    expect(await newSeen.next((e) => e.kind === 'task-label' && e.on)).toEqual({
      kind: 'task-label',
      taskId: task.id,
      labelId: bugThere.id,
      on: true,
    });
  });
});
