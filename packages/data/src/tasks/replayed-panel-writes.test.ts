/**
 * The task panel's writes go through the board's write queue, which sends a write again when its answer was lost
 * (offline, or the tab closed): each must act once however often it arrives (decision 202).
 */
import { describe, expect, it } from 'vitest';
import { createTaskWorld } from '../../tests/world.ts';
import { addChecklistItem } from '../checklists/add-checklist-item.ts';
import { checklistItemToTask } from '../checklists/checklist-item-to-task.ts';
import { listChecklistItems } from '../checklists/list-checklist-items.ts';
import { addComment } from '../comments/add-comment.ts';
import { deleteComment } from '../comments/delete-comment.ts';
import { archiveTask } from './archive-task.ts';
import { completeTask } from './complete-task.ts';
import { createTask } from './create-task.ts';

describe('panel writes sent twice act once', () => {
  it('done twice stays where the first put it; not done twice, too', async () => {
    const { world, task } = await createTaskWorld('Ship');
    const first = await completeTask(world.owner.client, { taskId: task.id });
    // Another card lands in the done column after it: a second "done" must not move ours below it.
    const later = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.done,
      title: 'Later',
    });
    const again = await completeTask(world.owner.client, { taskId: task.id });
    expect(again).toMatchObject({ column_id: world.columns.done, position: first.position });
    expect(again.position < later.position).toBe(true);
    expect(again.updated_at).toBe(first.updated_at);
    const open = await completeTask(world.owner.client, { taskId: task.id, completed: false });
    const openAgain = await completeTask(world.owner.client, { taskId: task.id, completed: false });
    expect(openAgain).toMatchObject({
      column_id: world.columns.todo,
      position: open.position,
      completed_at: null,
    });
  });

  it('archived twice keeps its first time; restored twice is restored; a viewer still changes nothing', async () => {
    const { world, task } = await createTaskWorld('Old');
    const first = await archiveTask(world.owner.client, { taskId: task.id });
    const again = await archiveTask(world.owner.client, { taskId: task.id });
    expect(again.archived_at).toBe(first.archived_at);
    expect(again.updated_at).toBe(first.updated_at);
    await archiveTask(world.owner.client, { taskId: task.id, archived: false });
    expect(
      (await archiveTask(world.owner.client, { taskId: task.id, archived: false })).archived_at,
    ).toBeNull();
    const viewer = await world.join('viewer');
    await expect(archiveTask(viewer.client, { taskId: task.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(archiveTask(world.owner.client, { taskId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('a comment deleted twice keeps its first deletion; someone else’s stays refused', async () => {
    const { world, task } = await createTaskWorld('Talk');
    const comment = await addComment(world.owner.client, { taskId: task.id, body: 'Oops' });
    const first = await deleteComment(world.owner.client, { commentId: comment.id });
    const again = await deleteComment(world.owner.client, { commentId: comment.id });
    expect(again).toMatchObject({ id: comment.id, deleted_at: first.deleted_at, body: 'deleted' });
    const member = await world.join('member');
    const theirs = await addComment(world.owner.client, { taskId: task.id, body: 'Mine' });
    await expect(deleteComment(member.client, { commentId: theirs.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('an item made a task twice makes one task, named by the client; a bad id is refused before sending', async () => {
    const { world, task } = await createTaskWorld('Launch', 'doing');
    const item = await addChecklistItem(world.owner.client, { taskId: task.id, body: 'Write the notes' });
    const newTaskId = crypto.randomUUID();
    const made = await checklistItemToTask(world.owner.client, { itemId: item.id, newTaskId });
    expect(made).toMatchObject({ id: newTaskId, title: 'Write the notes', column_id: world.columns.doing });
    const again = await checklistItemToTask(world.owner.client, { itemId: item.id, newTaskId });
    expect(again).toEqual(made);
    expect(await listChecklistItems(world.owner.client, { taskId: task.id })).toEqual([]);
    const { count } = await world.owner.client
      .from('tasks')
      .select('id', { count: 'exact', head: true })
      .eq('title', 'Write the notes')
      .eq('board_id', world.boardId);
    expect(count).toBe(1);
    // Without a name, an item gone is NOT_FOUND, as before.
    await expect(checklistItemToTask(world.owner.client, { itemId: item.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      checklistItemToTask(world.owner.client, { itemId: item.id, newTaskId: 'not-a-uuid' }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
  });
});
