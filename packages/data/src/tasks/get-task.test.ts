import { describe, expect, it } from 'vitest';
import { createTaskWorld, createWorld } from '../../tests/world.ts';
import { listTaskActivity } from '../activity/list-task-activity.ts';
import { createLabel } from '../boards/create-label.ts';
import { addComment } from '../comments/add-comment.ts';
import { archiveTask } from './archive-task.ts';
import { completeTask } from './complete-task.ts';
import { getTask } from './get-task.ts';
import { setTaskLabels } from './set-task-labels.ts';

describe('getTask', () => {
  it('reads a task with its labels and its board’s labels, archived ones too', async () => {
    const { world, task } = await createTaskWorld('Panel');
    const [bug, ui] = await Promise.all(
      ['UI', 'Bug'].map((name) =>
        createLabel(world.owner.client, { boardId: world.boardId, name, color: 'red' }),
      ),
    );
    await setTaskLabels(world.owner.client, { taskId: task.id, labelIds: [bug!.id] });
    await archiveTask(world.owner.client, { taskId: task.id });
    const found = await getTask(world.owner.client, { taskId: task.id });
    expect(found.task).toMatchObject({ id: task.id, title: 'Panel', labelIds: [bug!.id] });
    expect(found.task.archived_at).not.toBeNull();
    expect(found.boardLabels.map((l) => l.name)).toEqual(['Bug', 'UI']);
    expect(ui).toBeDefined();
  });

  it('answers NOT_FOUND to someone outside the workspace, and for an unknown id', async () => {
    const { task } = await createTaskWorld('Secret');
    const stranger = await createWorld();
    await expect(getTask(stranger.owner.client, { taskId: task.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(getTask(stranger.owner.client, { taskId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('listTaskActivity', () => {
  it('lists what happened to the task, newest first, with the actor', async () => {
    const { world, task } = await createTaskWorld('Story');
    await addComment(world.owner.client, { taskId: task.id, body: 'Hi' });
    await completeTask(world.owner.client, { taskId: task.id });
    const viewer = await world.join('viewer');
    const entries = await listTaskActivity(viewer.client, { taskId: task.id });
    // One trigger run logs the move, then the completion: newest first puts the completion on top.
    expect(entries.map((e) => e.kind)).toEqual([
      'task_completed',
      'task_moved',
      'comment_added',
      'task_created',
    ]);
    expect(entries.at(-1)).toMatchObject({ kind: 'task_created', actor: { display_name: 'Olive Owner' } });
    expect(entries[0]!.id).toBeGreaterThan(entries.at(-1)!.id);
  });
});
