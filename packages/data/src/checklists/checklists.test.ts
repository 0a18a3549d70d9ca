import { describe, expect, it } from 'vitest';
import { createTaskWorld } from '../../tests/world.ts';
import { addComment } from '../comments/add-comment.ts';
import { getTaskPanel } from '../tasks/get-task-panel.ts';
import { addChecklistItem } from './add-checklist-item.ts';
import { checklistItemToTask } from './checklist-item-to-task.ts';
import { deleteChecklistItem } from './delete-checklist-item.ts';
import { listChecklistItems } from './list-checklist-items.ts';
import { moveChecklistItem } from './move-checklist-item.ts';
import { updateChecklistItem } from './update-checklist-item.ts';

describe('checklists', () => {
  it('adds to the default checklist in order, checks, rewords, moves and deletes', async () => {
    const { world, task } = await createTaskWorld('Launch');
    const client = world.owner.client;
    const a = await addChecklistItem(client, { taskId: task.id, body: '  Draft  ' });
    const b = await addChecklistItem(client, { taskId: task.id, body: 'Review' });
    const c = await addChecklistItem(client, { taskId: task.id, body: 'Publish' });
    expect(a).toMatchObject({
      checklist: 'Checklist',
      body: 'Draft',
      done: false,
      created_by: world.owner.id,
    });
    expect((await updateChecklistItem(client, { itemId: b.id, done: true })).done).toBe(true);
    expect((await updateChecklistItem(client, { itemId: c.id, body: 'Publish it' })).body).toBe('Publish it');
    await moveChecklistItem(client, { itemId: c.id, beforeId: null, afterId: a.id });
    const bodies = async () => (await listChecklistItems(client, { taskId: task.id })).map((i) => i.body);
    expect(await bodies()).toEqual(['Publish it', 'Draft', 'Review']);
    await deleteChecklistItem(client, { itemId: a.id });
    expect(await bodies()).toEqual(['Publish it', 'Review']);
    await expect(deleteChecklistItem(client, { itemId: a.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('a replayed add with the same id stores one item', async () => {
    const { world, task } = await createTaskWorld('Launch');
    const id = crypto.randomUUID();
    const first = await addChecklistItem(world.owner.client, { id, taskId: task.id, body: 'Once' });
    const again = await addChecklistItem(world.owner.client, { id, taskId: task.id, body: 'Once' });
    expect(again.id).toBe(first.id);
    expect(await listChecklistItems(world.owner.client, { taskId: task.id })).toHaveLength(1);
  });

  it('refuses a bad body before sending, and a viewer writing', async () => {
    const { world, task } = await createTaskWorld('Launch');
    const viewer = await world.join('viewer');
    await expect(
      addChecklistItem(world.owner.client, { taskId: task.id, body: 'x'.repeat(201) }),
    ).rejects.toMatchObject({ code: 'VALIDATION', field: 'body' });
    await expect(addChecklistItem(viewer.client, { taskId: task.id, body: 'hi' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const item = await addChecklistItem(world.owner.client, { taskId: task.id, body: 'Mine' });
    // A viewer reads it, but cannot check it (no row changes: NOT_FOUND) nor turn it into a task.
    expect(await listChecklistItems(viewer.client, { taskId: task.id })).toHaveLength(1);
    await expect(updateChecklistItem(viewer.client, { itemId: item.id, done: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(checklistItemToTask(viewer.client, { itemId: item.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('turns an item into a task in the same column and removes the item', async () => {
    const { world, task } = await createTaskWorld('Launch', 'doing');
    const item = await addChecklistItem(world.owner.client, { taskId: task.id, body: 'Write the notes' });
    const made = await checklistItemToTask(world.owner.client, { itemId: item.id });
    expect(made).toMatchObject({ title: 'Write the notes', column_id: world.columns.doing });
    expect(await listChecklistItems(world.owner.client, { taskId: task.id })).toEqual([]);
  });

  it('the panel reads items in the same request, and the task carries the card counts', async () => {
    const { world, task } = await createTaskWorld('Launch');
    const item = await addChecklistItem(world.owner.client, { taskId: task.id, body: 'One' });
    await addChecklistItem(world.owner.client, { taskId: task.id, checklist: 'Later', body: 'Two' });
    await updateChecklistItem(world.owner.client, { itemId: item.id, done: true });
    await addComment(world.owner.client, { taskId: task.id, body: 'Hi' });
    const panel = await getTaskPanel(world.owner.client, { taskId: task.id });
    expect(panel.checklistItems.map((i) => [i.checklist, i.body, i.done])).toEqual([
      ['Checklist', 'One', true],
      ['Later', 'Two', false],
    ]);
    expect(panel.task).toMatchObject({ checklist_total: 2, checklist_done: 1, comment_count: 1 });
  });
});
