import { describe, expect, it } from 'vitest';
import { createTaskWorld, createWorld } from '../../tests/world.ts';
import { createTask } from '../tasks/create-task.ts';
import { setTaskLabels } from '../tasks/set-task-labels.ts';
import { createLabel } from './create-label.ts';
import { deleteColumn } from './delete-column.ts';
import { deleteLabel } from './delete-label.ts';
import { getBoard } from './get-board.ts';
import { updateColumn } from './update-column.ts';
import { updateLabel } from './update-label.ts';

describe('columns', () => {
  it('renames, sets and clears the WIP limit, and turning it done completes its tasks', async () => {
    const { world, task } = await createTaskWorld('T', 'doing');
    expect(
      await updateColumn(world.owner.client, {
        columnId: world.columns.doing,
        name: 'Review',
        wipLimit: null,
      }),
    ).toMatchObject({
      name: 'Review',
      wip_limit: null,
    });
    await updateColumn(world.owner.client, { columnId: world.columns.doing, isDone: true });
    const board = await getBoard(world.owner.client, { boardId: world.boardId });
    expect(board.tasks.find((t) => t.id === task.id)?.completed_at).not.toBeNull();
  });

  it('refuses deleting a column with tasks (CONFLICT), deletes an empty one', async () => {
    const world = await createWorld();
    await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'Here',
    });
    await expect(deleteColumn(world.owner.client, { columnId: world.columns.todo })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await deleteColumn(world.owner.client, { columnId: world.columns.doing });
    expect(
      (await getBoard(world.owner.client, { boardId: world.boardId })).columns.map((c) => c.name),
    ).toEqual(['To do', 'Done']);
  });
});

describe('labels', () => {
  it('recolours, and deleting a label removes it from its tasks', async () => {
    const world = await createWorld();
    const label = await createLabel(world.owner.client, {
      boardId: world.boardId,
      name: 'Bug',
      color: 'red',
    });
    expect((await updateLabel(world.owner.client, { labelId: label.id, color: 'purple' })).color).toBe(
      'purple',
    );
    await expect(
      updateLabel(world.owner.client, { labelId: label.id, color: 'pink' as never }),
    ).rejects.toMatchObject({ code: 'VALIDATION', field: 'color' });
    const task = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'T',
    });
    await setTaskLabels(world.owner.client, { taskId: task.id, labelIds: [label.id] });
    await deleteLabel(world.owner.client, { labelId: label.id });
    const board = await getBoard(world.owner.client, { boardId: world.boardId });
    expect(board.labels).toEqual([]);
    expect(board.tasks[0]?.labelIds).toEqual([]);
  });

  it('lets viewers change nothing', async () => {
    const world = await createWorld();
    const viewer = await world.join('viewer');
    const label = await createLabel(world.owner.client, {
      boardId: world.boardId,
      name: 'Bug',
      color: 'red',
    });
    await expect(updateLabel(viewer.client, { labelId: label.id, name: 'Mine' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(deleteColumn(viewer.client, { columnId: world.columns.doing })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
