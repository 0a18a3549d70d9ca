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

  it('answers NOT_FOUND to non-members', async () => {
    const world = await createWorld();
    const stranger = await createUser('Stranger');
    await expect(getBoard(stranger.client, { boardId: world.boardId })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
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
