/**
 * @module features/settings/use-members-live — reloads the settings screen when someone joins, leaves or
 * changes role, so an admin sees an accepted invitation turn into a member without reloading.
 */
import { useEffect } from 'react';
import { useRevalidator } from 'react-router';
import { usePublicEnv } from '#app/lib/public-env.ts';

/**
 * Subscribes after hydration (supabase-js loads lazily, off the first paint); one reload per change, and one
 * each time the channel is joined: a change made between the server's read and the join, or while the socket
 * was away, sends no broadcast this page hears.
 */
export function useMembersLive(workspaceId: string) {
  const env = usePublicEnv();
  const { revalidate } = useRevalidator();
  useEffect(() => {
    let closed = false;
    let unsubscribe: (() => Promise<void>) | undefined;
    void Promise.all([
      import('@lanes/data/realtime/subscribe-members'),
      import('#app/lib/supabase.client.ts'),
    ]).then(async ([{ subscribeMembers }, { getRealtimeClient }]) => {
      const client = await getRealtimeClient(env);
      if (closed) return;
      const subscription = subscribeMembers(client, { workspaceId }, (event) => {
        if (event.kind === 'changed' || (event.kind === 'status' && event.status === 'SUBSCRIBED'))
          void revalidate();
      });
      unsubscribe = subscription.unsubscribe;
    });
    return () => {
      closed = true;
      void unsubscribe?.();
    };
  }, [env, workspaceId, revalidate]);
}
