/**
 * @module features/board/sync/use-board-live — keeps the board live: joins the board channel once the page is
 * interactive, feeds row changes to the reducer, tracks who else is here and what they are dragging, shows
 * when the connection is lost, and refetches the whole board after it comes back (changes may have been missed).
 */
import type { BoardEvent, BoardSubscription, Drag, Viewer } from '@lanes/data/realtime/subscribe-board';
import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import { afterFirstPaint } from '#app/lib/after-first-paint.ts';
import { loadInTurns } from '#app/lib/load-in-turns.ts';
import { type PublicEnv, usePublicEnv } from '#app/lib/public-env.ts';
import { fromBoard } from '../model/board-model.ts';
import type { BoardAction } from '../model/board-reducer.ts';
import { toBoardAction } from './live-events.ts';
import { type OwnWrites, readSettledCopy } from './settled-copy.ts';

type LiveModule = typeof import('./live-code.ts');
let loading: Promise<LiveModule> | null = null;
/** The browser-side Supabase code, fetched once per tab. */
export function loadLive(env: PublicEnv): Promise<LiveModule> {
  // A failed fetch (offline before it ever loaded) is tried again next time rather than remembered.
  loading ??= loadInTurns(env, () => import('./live-code.ts')).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

export type Connection = 'connecting' | 'live' | 'offline';

/** Who is dragging which card, by task id; a drag not heard of for a while is assumed over. */
export type RemoteDrags = Record<string, { userId: string; at: number }>;
const DRAG_TTL_MS = 10_000;

export interface BoardLive {
  connection: Connection;
  viewers: Viewer[];
  remoteDrags: RemoteDrags;
  sendDrag(drag: Omit<Drag, 'userId'>): void;
  /** Tells the others which task's panel this person has open (null: none); kept across rejoins. */
  viewTask(taskId: string | null): void;
  /** Replaces the board with a fresh copy from the server. */
  refetch(): void;
}

export function useBoardLive(
  boardId: string,
  me: { userId: string; displayName: string; avatarPath: string | null },
  dispatch: Dispatch<BoardAction>,
  /** The user's own writes: a copy read before they are stored would undo them on screen. */
  writes: OwnWrites,
): BoardLive {
  const env = usePublicEnv();
  const [connection, setConnection] = useState<Connection>('connecting');
  const [viewers, setViewers] = useState<Viewer[]>([]);
  const [remoteDrags, setRemoteDrags] = useState<RemoteDrags>({});
  const subscription = useRef<BoardSubscription | null>(null);
  // The panel may open before the channel is joined (the live code loads after first paint): remembered here
  // and told once the subscription exists.
  const viewing = useRef<string | null>(null);

  const refetch = useCallback(() => {
    const read = async () => {
      const answer = await (await loadLive(env)).boardWrites(env).getBoard(boardId);
      return answer.ok ? answer.value : null;
    };
    void readSettledCopy(writes, read).then(
      (board) => {
        if (board) dispatch({ type: 'reset', model: fromBoard(board) });
      },
      // The live code could not be fetched (offline before it ever loaded): the board keeps what it shows.
      () => undefined,
    );
  }, [env, boardId, dispatch, writes]);

  useEffect(() => {
    let closed = false;
    let wasLive = false;
    const onEvent = (event: BoardEvent) => {
      const action = toBoardAction(event);
      if (action) return dispatch(action);
      if (event.kind === 'stale') return refetch();
      if (event.kind === 'presence') return setViewers(event.viewers.filter((v) => v.userId !== me.userId));
      if (event.kind === 'drag') return setRemoteDrags((drags) => withDrag(drags, event.drag));
      if (event.kind === 'status') {
        if (event.status === 'SUBSCRIBED') {
          setConnection('live');
          // Anything that changed between the server render (or the outage) and now was not streamed to us.
          refetch();
          wasLive = true;
        } else if (wasLive || !navigator.onLine) {
          // Before the first join a refusal is not an outage (realtime-js keeps retrying by itself).
          setConnection('offline');
        }
      }
    };
    afterFirstPaint(() => {
      void loadLive(env).then((live) => {
        if (closed) return;
        subscription.current = live.connect(env, { boardId, me }, onEvent);
        if (viewing.current) void subscription.current.viewTask(viewing.current).catch(() => {});
      });
    });
    const offline = () => setConnection('offline');
    // Back online: the socket may have survived a short outage (no new join to tell us), so catch up now;
    // if it did not, realtime-js rejoins by itself and the join refetches again.
    const online = () => {
      setConnection((now) => (now === 'offline' ? 'live' : now));
      refetch();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    const sweep = window.setInterval(() => setRemoteDrags((drags) => expire(drags)), DRAG_TTL_MS / 2);
    return () => {
      closed = true;
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
      window.clearInterval(sweep);
      void subscription.current?.unsubscribe();
      subscription.current = null;
    };
  }, [env, boardId, me, dispatch, refetch]);

  const sendDrag = useCallback((drag: Omit<Drag, 'userId'>) => {
    void subscription.current?.sendDrag(drag).catch(() => {});
  }, []);

  const viewTask = useCallback((taskId: string | null) => {
    viewing.current = taskId;
    void subscription.current?.viewTask(taskId).catch(() => {});
  }, []);

  return { connection, viewers, remoteDrags, sendDrag, viewTask, refetch };
}

/** A drag with a column is in progress; one without (`columnId: null`) has ended. */
export function withDrag(drags: RemoteDrags, drag: Drag, now = Date.now()): RemoteDrags {
  const next = Object.fromEntries(Object.entries(drags).filter(([, d]) => d.userId !== drag.userId));
  if (drag.columnId !== null) next[drag.taskId] = { userId: drag.userId, at: now };
  return next;
}

function expire(drags: RemoteDrags, now = Date.now()): RemoteDrags {
  const entries = Object.entries(drags);
  const kept = entries.filter(([, d]) => now - d.at < DRAG_TTL_MS);
  return kept.length === entries.length ? drags : Object.fromEntries(kept);
}
