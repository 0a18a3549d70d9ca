import { describe, expect, it } from 'vitest';
import { countingClient } from '../../tests/helpers.ts';
import { createTaskWorld, createWorld } from '../../tests/world.ts';
import { listTaskActivity } from '../activity/list-task-activity.ts';
import { listAttachments } from '../attachments/list-attachments.ts';
import { uploadAttachment } from '../attachments/upload-attachment.ts';
import { createLabel } from '../boards/create-label.ts';
import { addComment } from '../comments/add-comment.ts';
import { listComments } from '../comments/list-comments.ts';
import { archiveTask } from './archive-task.ts';
import { completeTask } from './complete-task.ts';
import { getTaskPanel } from './get-task-panel.ts';
import { setTaskLabels } from './set-task-labels.ts';

describe('getTaskPanel', () => {
  it('reads a task with its labels and its board’s labels, archived ones too', async () => {
    const { world, task } = await createTaskWorld('Panel');
    const [bug, ui] = await Promise.all(
      ['UI', 'Bug'].map((name) =>
        createLabel(world.owner.client, { boardId: world.boardId, name, color: 'red' }),
      ),
    );
    await setTaskLabels(world.owner.client, { taskId: task.id, labelIds: [bug!.id] });
    await archiveTask(world.owner.client, { taskId: task.id });
    const found = await getTaskPanel(world.owner.client, { taskId: task.id });
    expect(found.task).toMatchObject({ id: task.id, title: 'Panel', labelIds: [bug!.id] });
    expect(found.task.archived_at).not.toBeNull();
    expect(found.boardLabels.map((l) => l.name)).toEqual(['Bug', 'UI']);
    expect(ui).toBeDefined();
  });

  it('reads comments, attachments, activity and the workspace’s people in ONE request, as each list does', async () => {
    const { world, task } = await createTaskWorld('Everything');
    const viewer = await world.join('viewer', 'Vi Viewer');
    await addComment(world.owner.client, { taskId: task.id, body: 'First' });
    await addComment(world.owner.client, { taskId: task.id, body: 'Second' });
    for (const name of ['a.txt', 'b.txt'])
      await uploadAttachment(world.owner.client, {
        workspaceId: world.workspaceId,
        taskId: task.id,
        file: new File([name], name, { type: 'text/plain' }),
      });

    const { client, requests } = countingClient();
    await client.auth.setSession((await viewer.client.auth.getSession()).data.session!);
    requests.length = 0;
    const panel = await getTaskPanel(client, { taskId: task.id, activityLimit: 2 });
    expect(requests).toHaveLength(1);

    expect(panel.comments.map((c) => [c.body, c.author?.display_name])).toEqual([
      ['First', 'Olive Owner'],
      ['Second', 'Olive Owner'],
    ]);
    expect(panel.attachments.map((a) => a.file_name)).toEqual(['b.txt', 'a.txt']);
    // The same rows, in the same order, as the operations the panel refreshes with.
    expect(panel.comments).toEqual(await listComments(viewer.client, { taskId: task.id }));
    expect(panel.attachments).toEqual(await listAttachments(viewer.client, { taskId: task.id }));
    expect(panel.activity).toEqual(await listTaskActivity(viewer.client, { taskId: task.id, limit: 2 }));
    // The newest two only: the uploads came last.
    expect(panel.activity.map((e) => e.kind)).toEqual(['attachment_added', 'attachment_added']);
    expect(panel.workspace).toEqual({ id: world.workspaceId, slug: world.slug });
    expect(panel.members.map((m) => [m.profile?.display_name, m.role])).toEqual([
      ['Olive Owner', 'owner'],
      ['Vi Viewer', 'viewer'],
    ]);
  });

  it('answers NOT_FOUND to someone outside the workspace, and for an unknown id', async () => {
    const { task } = await createTaskWorld('Secret');
    const stranger = await createWorld();
    await expect(getTaskPanel(stranger.owner.client, { taskId: task.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(getTaskPanel(stranger.owner.client, { taskId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a malformed id or activity limit before sending', async () => {
    const { world, task } = await createTaskWorld('Checked');
    for (const input of [
      { taskId: 'nope' },
      { taskId: task.id, activityLimit: 0 },
      { taskId: task.id, activityLimit: 201 },
    ])
      await expect(getTaskPanel(world.owner.client, input)).rejects.toMatchObject({ code: 'VALIDATION' });
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
