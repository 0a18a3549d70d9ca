/**
 * @module features/inbox/use-live-unread — the bell's unread count as it is now: the server's number on first
 * paint, then every change heard on the user's private channel. An open `/inbox` reloads its rows when
 * something new arrives.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { afterFirstPaint } from '../../lib/after-first-paint.ts';
import { loadInTurns } from '../../lib/load-in-turns.ts';
import { usePublicEnv } from '../../lib/public-env.ts';

export function useLiveUnread(rendered: number): number {
  const env = usePublicEnv();
  const [count, setCount] = useState(rendered);
  const { revalidate } = useRevalidator();
  const { pathname } = useLocation();
  const onInbox = useRef(false);
  onInbox.current = pathname === '/inbox';
  const reload = useRef(revalidate);
  reload.current = revalidate;

  // A newer server copy (after a navigation or a form) is the truth again.
  useEffect(() => setCount(rendered), [rendered]);

  useEffect(() => {
    let stop: (() => void) | null = null;
    let closed = false;
    afterFirstPaint(() => {
      void loadInTurns(env, () => import('./inbox-live.ts')).then((module) => {
        if (closed) return;
        stop = module.followUnread(env, (next, fresh) => {
          setCount(next);
          if (fresh && onInbox.current) void reload.current();
        }).stop;
      });
    });
    return () => {
      closed = true;
      stop?.();
    };
  }, [env]);

  return count;
}
