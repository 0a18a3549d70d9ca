import { afterEach, describe, expect, it } from 'vitest';
import { createTaskWorld } from '../../tests/world.ts';
import { addComment } from '../comments/add-comment.ts';
import { listNotifications } from './list-notifications.ts';
import { markAllNotificationsRead } from './mark-all-notifications-read.ts';
import {
  type NotificationsEvent,
  type NotificationsSubscription,
  subscribeNotifications,
} from './subscribe-notifications.ts';

const open: NotificationsSubscription[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.unsubscribe()));
});

/** Resolves once `predicate` holds for the events so far (the test's timeout is the deadline). */
function until(
  events: NotificationsEvent[],
  predicate: (e: NotificationsEvent) => boolean,
): Promise<NotificationsEvent> {
  return new Promise((resolve) => {
    const check = () => {
      const found = events.find(predicate);
      if (found) resolve(found);
      else setTimeout(check, 20);
    };
    check();
  });
}

describe('subscribeNotifications', () => {
  it('tells the bell of a new notification and of marking all read, with the unread count', async () => {
    const { world, task } = await createTaskWorld('Order the banners');
    const watcher = await world.join('member', 'Wes Watcher');
    await addComment(watcher.client, { taskId: task.id, body: 'I can take this.' });
    const events: NotificationsEvent[] = [];
    open.push(await subscribeNotifications(world.owner.client, (e) => events.push(e)));
    await until(events, (e) => e.kind === 'status' && e.status === 'SUBSCRIBED');

    await addComment(watcher.client, { taskId: task.id, body: 'Ordered.' });
    const [note] = await listNotifications(world.owner.client, { unreadOnly: true });
    const live = await until(events, (e) => e.kind === 'notification' && e.notificationId === note!.id);
    expect(live).toMatchObject({ notificationKind: 'commented', taskId: task.id, unreadCount: 1 });

    await markAllNotificationsRead(world.owner.client);
    expect(await until(events, (e) => e.kind === 'read')).toEqual({ kind: 'read', unreadCount: 0 });
  });
});
