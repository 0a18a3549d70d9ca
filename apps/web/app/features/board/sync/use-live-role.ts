/**
 * @module features/board/sync/use-live-role — the user's role on the board as it is now, not as it was when the page
 * was rendered: a member demoted to viewer sees the board turn read-only at once, a removed member is sent to
 * their workspaces with a message, and the page's loaders run again so menus and the open panel follow
 * (decision 191).
 */
import type { Role } from '@lanes/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { afterFirstPaint } from '#app/lib/after-first-paint.ts';
import { loadInTurns } from '#app/lib/load-in-turns.ts';
import { usePublicEnv } from '#app/lib/public-env.ts';

export interface LiveRole {
  role: Role;
  /** The role changed while the page was open (so the page says so). */
  changed: boolean;
}

/** Where a removed member goes; the workspaces page says why they are there. */
export const REMOVED_PATH = '/w?removed=1';

export function useLiveRole(workspaceId: string, rendered: Role): LiveRole {
  const env = usePublicEnv();
  const { revalidate } = useRevalidator();
  const [live, setLive] = useState<LiveRole>({ role: rendered, changed: false });
  const current = useRef(rendered);

  // A newer server copy (after a revalidation) is the truth again.
  useEffect(() => {
    current.current = rendered;
    setLive((now) => (now.role === rendered ? now : { role: rendered, changed: now.changed }));
  }, [rendered]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let closed = false;
    const start = () =>
      void loadInTurns(env, () => import('./role-live.ts')).then((module) => {
        if (closed) return;
        stop = module.followMyRole(env, workspaceId, (role) => {
          if (role === null) {
            // A document load, not a router navigation: an open panel's own refetch (its task just became
            // invisible) would otherwise cancel it and land on a 404. Replaced, so Back does not return here.
            window.location.replace(REMOVED_PATH);
            return;
          }
          if (current.current === role) return;
          current.current = role;
          setLive({ role, changed: true });
          // Menus, the workspace's links and an open panel were rendered for the old role.
          void revalidate();
        }).stop;
      });
    afterFirstPaint(start);
    return () => {
      closed = true;
      stop?.();
    };
  }, [env, workspaceId, revalidate]);

  return live;
}
