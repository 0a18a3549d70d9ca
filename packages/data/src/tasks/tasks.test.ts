import { describe, expect, it } from 'vitest';
import { createTaskWorld, createWorld } from '../../tests/world.ts';
import { getBoard } from '../boards/get-board.ts';
import { archiveTask } from './archive-task.ts';
import { completeTask } from './complete-task.ts';
import { createTask } from './create-task.ts';
import { moveTask } from './move-task.ts';
import { updateTask } from './update-task.ts';

describe('tasks', () => {
  it('numbers new tasks per board and puts them at the end of the column', async () => {
    const world = await createWorld();
    const a = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: ' A ',
      priority: 'high',
      dueOn: '2030-05-01',
    });
    const b = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'B',
    });
    expect(a).toMatchObject({
      number: 1,
      title: 'A',
      priority: 'high',
      due_on: '2030-05-01',
      completed_at: null,
    });
    expect(b.number).toBe(2);
    expect(b.position > a.position).toBe(true);
  });

  it('refuses an assignee who is not a member, and a viewer creating tasks', async () => {
    const world = await createWorld();
    const viewer = await world.join('viewer');
    await expect(
      createTask(world.owner.client, {
        boardId: world.boardId,
        columnId: world.columns.todo,
        title: 'x',
        assigneeId: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION', field: 'assigneeId' });
    await expect(
      createTask(viewer.client, { boardId: world.boardId, columnId: world.columns.todo, title: 'x' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('updates fields, and answers a stale edit with CONFLICT', async () => {
    const { world, task } = await createTaskWorld('Draft');
    const edited = await updateTask(world.owner.client, {
      taskId: task.id,
      title: 'Final',
      priority: 'urgent',
      expectedUpdatedAt: task.updated_at,
    });
    expect(edited).toMatchObject({ title: 'Final', priority: 'urgent' });
    await expect(
      updateTask(world.owner.client, {
        taskId: task.id,
        title: 'Late edit',
        expectedUpdatedAt: task.updated_at,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(
      updateTask(world.owner.client, { taskId: crypto.randomUUID(), title: 'x' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('moves between neighbours, and refuses a vanished neighbour with CONFLICT', async () => {
    const world = await createWorld();
    const make = (title: string, columnId: string) =>
      createTask(world.owner.client, { boardId: world.boardId, columnId, title });
    const a = await make('A', world.columns.doing);
    const b = await make('B', world.columns.doing);
    const c = await make('C', world.columns.todo);
    await moveTask(world.owner.client, {
      taskId: c.id,
      columnId: world.columns.doing,
      beforeId: a.id,
      afterId: b.id,
    });
    const board = await getBoard(world.owner.client, { boardId: world.boardId });
    expect(board.tasks.filter((t) => t.column_id === world.columns.doing).map((t) => t.title)).toEqual([
      'A',
      'C',
      'B',
    ]);
    await expect(
      moveTask(world.owner.client, {
        taskId: a.id,
        columnId: world.columns.todo,
        beforeId: b.id,
        afterId: null,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('completes by moving into the done column and reopens out of it', async () => {
    const { world, task } = await createTaskWorld('Ship');
    const done = await completeTask(world.owner.client, { taskId: task.id });
    expect(done.column_id).toBe(world.columns.done);
    expect(done.completed_at).not.toBeNull();
    const reopened = await completeTask(world.owner.client, { taskId: task.id, completed: false });
    expect(reopened).toMatchObject({ column_id: world.columns.todo, completed_at: null });
  });

  it('archives (hidden from the board) and restores', async () => {
    const { world, task } = await createTaskWorld('Old');
    expect((await archiveTask(world.owner.client, { taskId: task.id })).archived_at).not.toBeNull();
    expect((await getBoard(world.owner.client, { boardId: world.boardId })).tasks).toEqual([]);
    expect(
      (await archiveTask(world.owner.client, { taskId: task.id, archived: false })).archived_at,
    ).toBeNull();
  });

  it('lets a viewer do nothing: moving is FORBIDDEN, archiving NOT_FOUND', async () => {
    const { world, task } = await createTaskWorld('Mine');
    const viewer = await world.join('viewer');
    await expect(
      moveTask(viewer.client, {
        taskId: task.id,
        columnId: world.columns.done,
        beforeId: null,
        afterId: null,
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(archiveTask(viewer.client, { taskId: task.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
