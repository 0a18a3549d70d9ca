import { describe, expect, it } from 'vitest';
import { countingClient, createUser } from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { archiveTask } from '../tasks/archive-task.ts';
import { createTask } from '../tasks/create-task.ts';
import { createBoard } from './create-board.ts';
import { createLabel } from './create-label.ts';
import { getBoard } from './get-board.ts';
import { listBoards } from './list-boards.ts';

describe('getBoard', () => {
  it('reads columns, open tasks with assignee profiles and label ids, and labels in ONE request', async () => {
    const world = await createWorld();
    const bo = await world.join('member', 'Bo');
    const bug = await createLabel(world.owner.client, { boardId: world.boardId, name: 'Bug', color: 'red' });
    const first = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'First',
      assigneeId: bo.id,
    });
    await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'Second',
    });
    const gone = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.doing,
      title: 'Archived',
    });
    await archiveTask(world.owner.client, { taskId: gone.id });
    await world.owner.client.from('task_labels').insert({ task_id: first.id, label_id: bug.id });

    const { client, requests } = countingClient();
    await client.auth.setSession((await world.owner.client.auth.getSession()).data.session!);
    requests.length = 0;
    const board = await getBoard(client, { boardId: world.boardId });
    expect(requests).toHaveLength(1);

    expect(board.name).toBe('Launch');
    expect(board.columns.map((c) => [c.name, c.is_done])).toEqual([
      ['To do', false],
      ['Doing', false],
      ['Done', true],
    ]);
    expect(board.labels.map((l) => l.name)).toEqual(['Bug']);
    expect(board.tasks.map((t) => [t.number, t.title])).toEqual([
      [1, 'First'],
      [2, 'Second'],
    ]);
    expect(board.tasks[0]).toMatchObject({ assignee: { id: bo.id, display_name: 'Bo' }, labelIds: [bug.id] });
    expect(board.tasks[1]).toMatchObject({ assignee: null, labelIds: [] });
  });

  it('with firstCards, reads that many cards per column in position order and counts the rest, in ONE request', async () => {
    const world = await createWorld();
    const bo = await world.join('member', 'Bo');
    const add = (column: keyof typeof world.columns, title: string, assigneeId?: string) =>
      createTask(world.owner.client, {
        boardId: world.boardId,
        columnId: world.columns[column],
        title,
        assigneeId,
      });
    for (const title of ['T1', 'T2', 'T3', 'T4'])
      await add('todo', title, title === 'T2' ? bo.id : undefined);
    await add('doing', 'D1');
    const archived = await add('todo', 'Archived');
    await archiveTask(world.owner.client, { taskId: archived.id });
    const bug = await createLabel(world.owner.client, { boardId: world.boardId, name: 'Bug', color: 'red' });

    const { client, requests } = countingClient();
    await client.auth.setSession((await world.owner.client.auth.getSession()).data.session!);
    requests.length = 0;
    const cut = await getBoard(client, { boardId: world.boardId, firstCards: 2 });
    expect(requests).toHaveLength(1);

    // The same shape as the whole read: flat tasks in column then position order, columns without the count.
    expect(cut.tasks.map((t) => t.title)).toEqual(['T1', 'T2', 'D1']);
    expect(cut.tasks[1]).toMatchObject({ assignee: { id: bo.id, display_name: 'Bo' }, labelIds: [] });
    // The archived card is neither read nor counted; the Done column is empty and left out.
    expect(cut.hidden).toEqual({ [world.columns.todo]: 2 });
    expect(cut.columns.map((c) => c.name)).toEqual(['To do', 'Doing', 'Done']);
    expect(cut.columns[0]).not.toHaveProperty('task_count');
    expect(cut.labels.map((l) => l.id)).toEqual([bug.id]);

    const whole = await getBoard(world.owner.client, { boardId: world.boardId });
    // The whole read orders by position across columns (keys are per column), so compare as a set.
    expect(whole.tasks.map((t) => t.title).sort()).toEqual(['D1', 'T1', 'T2', 'T3', 'T4']);
    expect(whole.hidden).toEqual({});
    // A viewer counts the same cards: the count runs as the caller, under the same policies.
    const viewer = await world.join('viewer');
    expect((await getBoard(viewer.client, { boardId: world.boardId, firstCards: 3 })).hidden).toEqual({
      [world.columns.todo]: 1,
    });
  });

  it('refuses a firstCards that is not a positive whole number before sending', async () => {
    const world = await createWorld();
    for (const firstCards of [0, -1, 2.5, '20', 501])
      await expect(
        getBoard(world.owner.client, { boardId: world.boardId, firstCards: firstCards as never }),
      ).rejects.toMatchObject({
        code: 'VALIDATION',
      });
  });

  it('answers NOT_FOUND to non-members', async () => {
    const world = await createWorld();
    const stranger = await createUser('Stranger');
    await expect(getBoard(stranger.client, { boardId: world.boardId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(getBoard(stranger.client, { boardId: world.boardId, firstCards: 20 })).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
  });

  it('lets viewers read but not create boards', async () => {
    const world = await createWorld();
    const viewer = await world.join('viewer');
    expect((await listBoards(viewer.client, { workspaceId: world.workspaceId })).map((b) => b.name)).toEqual([
      'Launch',
    ]);
    await expect(
      createBoard(viewer.client, { workspaceId: world.workspaceId, name: 'Mine' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('refuses a 31st label with LIMIT_REACHED naming the limit', async () => {
    const world = await createWorld();
    for (let i = 0; i < 30; i++)
      await createLabel(world.owner.client, { boardId: world.boardId, name: `L${i}`, color: 'gray' });
    await expect(
      createLabel(world.owner.client, { boardId: world.boardId, name: 'One more', color: 'gray' }),
    ).rejects.toMatchObject({
      code: 'LIMIT_REACHED',
      message: 'A board has at most 30 labels.',
      details: { limit: 'labels_per_board' },
    });
  });
});
