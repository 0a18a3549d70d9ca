/**
 * @module features/inbox/inbox-live — the browser side of the bell: joins the user's private channel
 * `user:<uuid>:notifications` (decision 074) and reports each new unread count. Loaded with `import()` after
 * the page is interactive, like the board's live code (decision 132), so the header costs no Supabase code
 * on first paint.
 */
import { countUnreadNotifications } from '@lanes/data/notifications/count-unread-notifications';
import { subscribeNotifications } from '@lanes/data/notifications/subscribe-notifications';
import type { PublicEnv } from '#app/lib/public-env.ts';
import { getRealtimeClient } from '#app/lib/supabase.client.ts';

export interface UnreadFollower {
  stop(): void;
}

/**
 * `onCount(count, fresh)`: `fresh` is true when a new notification arrived (an open inbox reloads). On each
 * join the count is read once, which covers what happened between the server render (or an outage) and now.
 * `onLive` says whether the channel is joined.
 */
export function followUnread(
  env: PublicEnv,
  onCount: (count: number, fresh: boolean) => void,
  onLive: (live: boolean) => void,
): UnreadFollower {
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | null = null;
  void getRealtimeClient(env).then(async (client) => {
    if (stopped) return;
    const subscription = await subscribeNotifications(client, (event) => {
      if (stopped) return;
      if (event.kind === 'notification') onCount(event.unreadCount, true);
      else if (event.kind === 'read') onCount(event.unreadCount, false);
      else if (event.status !== 'SUBSCRIBED') onLive(false);
      else {
        onLive(true);
        countUnreadNotifications(client).then(
          (count) => !stopped && onCount(count, false),
          () => {},
        );
      }
    });
    if (stopped) void subscription.unsubscribe();
    else unsubscribe = subscription.unsubscribe;
  });
  return {
    stop() {
      stopped = true;
      void unsubscribe?.();
    },
  };
}
