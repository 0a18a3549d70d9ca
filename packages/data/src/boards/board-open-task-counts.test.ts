import { describe, expect, it } from 'vitest';
import { createUser } from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { archiveTask } from '../tasks/archive-task.ts';
import { createTask } from '../tasks/create-task.ts';
import { boardOpenTaskCounts } from './board-open-task-counts.ts';

describe('open task counts', () => {
  it('count tasks neither completed nor archived, and only for people who can read the board', async () => {
    const world = await createWorld();
    const add = (column: keyof typeof world.columns, title: string) =>
      createTask(world.owner.client, { boardId: world.boardId, columnId: world.columns[column], title });
    await add('todo', 'Open one');
    await add('doing', 'Open two');
    await add('done', 'Completed');
    const archived = await add('todo', 'Archived');
    await archiveTask(world.owner.client, { taskId: archived.id });

    const viewer = await world.join('viewer');
    expect(await boardOpenTaskCounts(viewer.client, { boardIds: [world.boardId] })).toEqual({
      [world.boardId]: 2,
    });
    const stranger = await createUser('Sam Stranger', 'stranger');
    expect(await boardOpenTaskCounts(stranger.client, { boardIds: [world.boardId] })).toEqual({
      [world.boardId]: 0,
    });
  });

  it('refuses ids that are not ids before sending', async () => {
    const world = await createWorld();
    await expect(boardOpenTaskCounts(world.owner.client, { boardIds: ['nope'] })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});
