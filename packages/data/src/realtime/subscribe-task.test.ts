import { afterEach, describe, expect, it } from 'vitest';
import { createWorld } from '../../tests/world.ts';
import { addChecklistItem } from '../checklists/add-checklist-item.ts';
import { deleteChecklistItem } from '../checklists/delete-checklist-item.ts';
import { updateChecklistItem } from '../checklists/update-checklist-item.ts';
import { addComment } from '../comments/add-comment.ts';
import { deleteComment } from '../comments/delete-comment.ts';
import { createTask } from '../tasks/create-task.ts';
import { updateTask } from '../tasks/update-task.ts';
import { subscribeTask, type TaskEvent, type TaskSubscription } from './subscribe-task.ts';

const open: TaskSubscription[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.unsubscribe()));
});

function waitFor<E extends TaskEvent>(events: TaskEvent[], match: (e: TaskEvent) => boolean): Promise<E> {
  return new Promise((resolve) => {
    const check = () => {
      const found = events.find(match);
      if (found) resolve(found as E);
      else setTimeout(check, 20);
    };
    check();
  });
}

describe('subscribeTask', () => {
  it('follows the task’s comments: new, then soft-deleted', async () => {
    const world = await createWorld();
    const member = await world.join('member', 'Mia');
    const task = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'Chat',
    });
    const events: TaskEvent[] = [];
    open.push(subscribeTask(member.client, { taskId: task.id }, (e) => events.push(e)));
    await waitFor(events, (e) => e.kind === 'status' && e.status === 'SUBSCRIBED');

    const comment = await addComment(world.owner.client, { taskId: task.id, body: 'Hello' });
    const added = await waitFor<Extract<TaskEvent, { kind: 'upsert'; table: 'comments' }>>(
      events,
      (e) => e.kind === 'upsert' && e.table === 'comments',
    );
    expect(added.row).toMatchObject({ id: comment.id, body: 'Hello', deleted_at: null });

    await deleteComment(world.owner.client, { commentId: comment.id });
    const deleted = await waitFor<Extract<TaskEvent, { kind: 'upsert'; table: 'comments' }>>(
      events,
      (e) => e.kind === 'upsert' && e.table === 'comments' && e.row.deleted_at !== null,
    );
    expect(deleted.row.id).toBe(comment.id);
  });

  it('follows the task row itself, and no other task of the board', async () => {
    const world = await createWorld();
    const make = (title: string) =>
      createTask(world.owner.client, { boardId: world.boardId, columnId: world.columns.todo, title });
    const [task, other] = [await make('Watched'), await make('Elsewhere')];
    const events: TaskEvent[] = [];
    open.push(subscribeTask(world.owner.client, { taskId: task.id }, (e) => events.push(e)));
    await waitFor(events, (e) => e.kind === 'status' && e.status === 'SUBSCRIBED');

    await updateTask(world.owner.client, { taskId: other.id, title: 'Not this one' });
    await updateTask(world.owner.client, { taskId: task.id, title: 'Renamed' });
    const renamed = await waitFor<Extract<TaskEvent, { kind: 'upsert' }>>(
      events,
      (e) => e.kind === 'upsert' && e.table === 'tasks',
    );
    expect(renamed.row).toMatchObject({ id: task.id, title: 'Renamed' });
    expect(events.filter((e) => e.kind === 'upsert' && e.table === 'tasks')).toHaveLength(1);
  });

  it('follows the task’s checklist items: added and checked, a deletion through the task’s count; a viewer too', async () => {
    const world = await createWorld();
    const viewer = await world.join('viewer', 'Vic');
    const task = await createTask(world.owner.client, {
      boardId: world.boardId,
      columnId: world.columns.todo,
      title: 'Steps',
    });
    const events: TaskEvent[] = [];
    open.push(subscribeTask(viewer.client, { taskId: task.id }, (e) => events.push(e)));
    await waitFor(events, (e) => e.kind === 'status' && e.status === 'SUBSCRIBED');

    const item = await addChecklistItem(world.owner.client, { taskId: task.id, body: 'Step one' });
    await updateChecklistItem(world.owner.client, { itemId: item.id, done: true });
    const checked = await waitFor<Extract<TaskEvent, { kind: 'upsert'; table: 'checklist_items' }>>(
      events,
      (e) => e.kind === 'upsert' && e.table === 'checklist_items' && e.row.done,
    );
    expect(checked.row).toMatchObject({ id: item.id, body: 'Step one' });
    // The task row carries the new progress with it (the board's card shows it).
    await waitFor(events, (e) => e.kind === 'upsert' && e.table === 'tasks' && e.row.checklist_done === 1);

    // A DELETE carries only the old key, so a filter on task_id cannot pass it (decision 063): the task row's
    // new count is what tells the panel to read its items again.
    await deleteChecklistItem(world.owner.client, { itemId: item.id });
    await waitFor(events, (e) => e.kind === 'upsert' && e.table === 'tasks' && e.row.checklist_total === 0);
  });
});
