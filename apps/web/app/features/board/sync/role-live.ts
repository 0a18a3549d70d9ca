/**
 * @module features/board/sync/role-live — the browser side of roles that change live (decision 191): joins the
 * workspace's private membership channel (decision 068) and re-reads the user's own role whenever it says a
 * membership changed. Loaded with `import()` after the page is interactive, like the board's live code.
 */
import { getMyRole } from '@lanes/data/members/get-my-role';
import { subscribeMembers } from '@lanes/data/realtime/subscribe-members';
import type { Role } from '@lanes/shared/constants';
import type { PublicEnv } from '#app/lib/public-env.ts';
import { getRealtimeClient } from '#app/lib/supabase.client.ts';

export interface RoleFollower {
  stop(): void;
}

/**
 * Calls `onRole` with the user's role (null: no longer a member) after each membership change, and once on
 * joining, which catches a change made between the server render and the join. A removed member's channel
 * stays joined (Realtime re-checks only on join), so the removal's broadcast still reaches them; a join that is
 * refused (already removed) re-reads too. A read that fails (offline) keeps the role as it was.
 */
export function followMyRole(
  env: PublicEnv,
  workspaceId: string,
  onRole: (role: Role | null) => void,
): RoleFollower {
  let stopped = false;
  let unsubscribe: (() => Promise<void>) | null = null;
  // Reads in order, so an older answer never lands after a newer one.
  let reading = Promise.resolve();
  void getRealtimeClient(env).then((client) => {
    if (stopped) return;
    const reread = () => {
      reading = reading.then(async () => {
        try {
          const role = await getMyRole(client, { workspaceId });
          if (!stopped) onRole(role);
        } catch {
          // Offline or a hiccup: the next change, or the next page, reads it again.
        }
      });
    };
    const subscription = subscribeMembers(client, { workspaceId }, (event) => {
      if (event.kind === 'changed') reread();
      else if (event.status === 'SUBSCRIBED' || event.status === 'CHANNEL_ERROR') reread();
    });
    unsubscribe = subscription.unsubscribe;
  });
  return {
    stop() {
      stopped = true;
      void unsubscribe?.();
    },
  };
}
