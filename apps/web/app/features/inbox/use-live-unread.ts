/**
 * @module features/inbox/use-live-unread — the bell's unread count as it is now: the server's number on first
 * paint, then every change heard on the user's private channel. An open `/inbox` reloads its rows when
 * something new arrives.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useRevalidator } from 'react-router';
import { afterFirstPaint } from '#app/lib/after-first-paint.ts';
import { loadInTurns } from '#app/lib/load-in-turns.ts';
import { usePublicEnv } from '#app/lib/public-env.ts';

export interface LiveUnread {
  count: number;
  /** The channel is joined: changes arrive as they happen. */
  live: boolean;
}

export function useLiveUnread(rendered: number): LiveUnread {
  const env = usePublicEnv();
  const [count, setCount] = useState(rendered);
  const [live, setLive] = useState(false);
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
        const onCount = (next: number, fresh: boolean) => {
          setCount(next);
          if (fresh && onInbox.current) void reload.current();
        };
        stop = module.followUnread(env, onCount, setLive).stop;
      });
    });
    return () => {
      closed = true;
      stop?.();
    };
  }, [env]);

  return { count, live };
}
