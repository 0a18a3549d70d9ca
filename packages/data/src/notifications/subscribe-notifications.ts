/**
 * @module notifications/subscribe-notifications — the bell follows the signed-in user's private channel
 * `user:<uuid>:notifications`, where the database broadcasts each new notification and each new unread count.
 */
import { notificationKind } from '@lanes/shared/schemas/notification';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { sessionUserId } from '../internal/session.ts';
import { notificationKeys } from './keys.ts';

export type NotificationsEvent =
  /** A new notification, or comments collapsing into one: refetch the inbox if it is open. */
  | {
      kind: 'notification';
      notificationId: string;
      notificationKind: string;
      taskId: string | null;
      unreadCount: number;
    }
  /** Something was marked read (here or in another tab): the new count. */
  | { kind: 'read'; unreadCount: number }
  | { kind: 'status'; status: 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR' };

export interface NotificationsSubscription {
  unsubscribe(): Promise<void>;
}

const created = z.object({
  notification_id: z.string(),
  kind: notificationKind,
  task_id: z.string().nullable(),
  unread_count: z.number().int(),
});
const read = z.object({ unread_count: z.number().int() });

/**
 * Private: Realtime admits only the channel's own user (a policy on realtime.messages), and nobody may send on it.
 * @example const sub = await subscribeNotifications(client, (e) => e.kind !== 'status' && setCount(e.unreadCount))
 */
export async function subscribeNotifications(
  client: LanesClient,
  onEvent: (event: NotificationsEvent) => void,
): Promise<NotificationsSubscription> {
  const userId = await sessionUserId(client);
  // Realtime checks the channel's policy with the token it holds; hand it the session's before joining.
  await client.realtime.setAuth();
  const channel = client.channel(notificationKeys.channel(userId), { config: { private: true } });
  channel.on('broadcast', { event: 'notification' }, ({ payload }) => {
    const event = created.safeParse(payload);
    if (event.success) {
      onEvent({
        kind: 'notification',
        notificationId: event.data.notification_id,
        notificationKind: event.data.kind,
        taskId: event.data.task_id,
        unreadCount: event.data.unread_count,
      });
    }
  });
  channel.on('broadcast', { event: 'read' }, ({ payload }) => {
    const event = read.safeParse(payload);
    if (event.success) onEvent({ kind: 'read', unreadCount: event.data.unread_count });
  });
  channel.subscribe((status) => onEvent({ kind: 'status', status }));
  return { unsubscribe: async () => void (await client.removeChannel(channel)) };
}
