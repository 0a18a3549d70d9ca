import { describe, expect, it } from 'vitest';
import { createTaskWorld } from '../../tests/world.ts';
import { createLabel } from '../boards/create-label.ts';
import { getBoard } from '../boards/get-board.ts';
import { archiveTask } from './archive-task.ts';
import { deleteTask } from './delete-task.ts';
import { setTaskLabels } from './set-task-labels.ts';

describe('task labels', () => {
  it('sets exactly the given labels', async () => {
    const { world, task } = await createTaskWorld('Tag me');
    const [bug, ui, api] = await Promise.all(
      ['Bug', 'UI', 'API'].map((name) =>
        createLabel(world.owner.client, { boardId: world.boardId, name, color: 'blue' }),
      ),
    );
    await setTaskLabels(world.owner.client, { taskId: task.id, labelIds: [bug!.id, ui!.id] });
    await setTaskLabels(world.owner.client, { taskId: task.id, labelIds: [ui!.id, api!.id] });
    const board = await getBoard(world.owner.client, { boardId: world.boardId });
    expect(board.tasks[0]?.labelIds.sort()).toEqual([ui!.id, api!.id].sort());
    await setTaskLabels(world.owner.client, { taskId: task.id, labelIds: [] });
    expect((await getBoard(world.owner.client, { boardId: world.boardId })).tasks[0]?.labelIds).toEqual([]);
  });
});

describe('deleteTask', () => {
  it('deletes archived tasks only, and only for admins', async () => {
    const { world, task } = await createTaskWorld('Bye');
    const member = await world.join('member');
    await expect(deleteTask(world.owner.client, { taskId: task.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await archiveTask(world.owner.client, { taskId: task.id });
    await expect(deleteTask(member.client, { taskId: task.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await deleteTask(world.owner.client, { taskId: task.id });
    const { data } = await world.owner.client.from('tasks').select('id').eq('id', task.id);
    expect(data).toEqual([]);
  });
});
