import { describe, expect, it } from 'vitest';
import { createTaskWorld } from '../../tests/world.ts';
import { archiveTask } from './archive-task.ts';
import { createTask } from './create-task.ts';
import { listArchivedTasks } from './list-archived-tasks.ts';

describe('listArchivedTasks', () => {
  it("lists a board's archived cards with their column, last archived first; restoring takes one off", async () => {
    const { world, task } = await createTaskWorld('Old idea');
    const other = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.doing,
      title: 'Older idea',
    });
    await archiveTask(world.owner.client, { taskId: other.id });
    await archiveTask(world.owner.client, { taskId: task.id });
    const viewer = await world.join('viewer');
    const listed = await listArchivedTasks(viewer.client, { boardId: world.boardId });
    expect(listed.map((t) => [t.title, t.column.name])).toEqual([
      ['Old idea', 'To do'],
      ['Older idea', 'Doing'],
    ]);
    await archiveTask(world.owner.client, { taskId: task.id, archived: false });
    expect((await listArchivedTasks(viewer.client, { boardId: world.boardId })).map((t) => t.id)).toEqual([
      other.id,
    ]);
    const outsider = await createTaskWorld('Elsewhere');
    expect(await listArchivedTasks(outsider.world.owner.client, { boardId: world.boardId })).toEqual([]);
  });
});
