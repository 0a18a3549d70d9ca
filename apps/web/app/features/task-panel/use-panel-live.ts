/**
 * @module features/task-panel/use-panel-live — keeps the open panel live: rows of its task, comments,
 * attachments and checklist items go straight into the reducer (a teammate's comment shows without a round trip); anything a row
 * cannot say by itself (labels, activity, a rejoin after an outage) refetches the panel's loader.
 */
import type { TaskEvent, TaskSubscription } from '@lanes/data/realtime/subscribe-task';
import { type Dispatch, useEffect, useRef } from 'react';
import { afterFirstPaint } from '#app/lib/after-first-paint.ts';
import { loadInTurns } from '#app/lib/load-in-turns.ts';
import { usePublicEnv } from '#app/lib/public-env.ts';
import type { PanelAction } from './panel-model.ts';
import { REFETCH_MS, refetchTimer, SETTLE_MS } from './refetch-timer.ts';
import { useIdleRevalidate } from './use-idle-revalidate.ts';

/** The panel's action for a row event, or null when only a refetch can tell what changed. */
export function toPanelAction(event: TaskEvent): PanelAction | null {
  if (event.kind === 'upsert') {
    if (event.table === 'tasks') return { type: 'task-row', row: event.row };
    if (event.table === 'comments') return { type: 'comment-row', row: event.row };
    if (event.table === 'attachments') return { type: 'attachment-row', row: event.row };
    if (event.table === 'checklist_items') return { type: 'checklist-row', row: event.row };
  }
  if (event.kind === 'delete' && event.table === 'attachments')
    return { type: 'attachment-gone', id: event.id };
  return null;
}

/**
 * `onGone` runs once the task itself is deleted (here or by a teammate). `openedEarly`: the panel's rows were
 * read before its card was clicked (decision 164), so its first join reads them again, as a rejoin does.
 */
export function usePanelLive(
  taskId: string,
  dispatch: Dispatch<PanelAction>,
  onGone: () => void,
  openedEarly = false,
) {
  const env = usePublicEnv();
  const revalidate = useIdleRevalidate();
  const gone = useRef(onGone);
  gone.current = onGone;
  // As the panel opened: the read after the first join brings fresh rows, and must not make it join again.
  const early = useRef(openedEarly);

  useEffect(() => {
    let closed = false;
    let subscription: TaskSubscription | null = null;
    let joins = 0;
    // A row the reducer has applied leaves only the activity list behind, which can wait for a burst (a
    // lively comment thread) to settle: refetching the whole panel per comment kept server and browser busy
    // and put the next comment behind it (decision 117).
    const refetch = refetchTimer(revalidate);
    const onEvent = (event: TaskEvent) => {
      if (event.kind === 'status') {
        // The first join follows a fresh read (the server render, or the click's); a later one follows an
        // outage, when rows may be missed, and an early read may have missed some too.
        if (event.status !== 'SUBSCRIBED') return;
        joins += 1;
        if (joins > 1 || early.current) refetch.plan(REFETCH_MS);
        return;
      }
      if (event.kind === 'delete' && event.table === 'tasks') {
        refetch.cancel();
        gone.current();
        return;
      }
      const action = toPanelAction(event);
      if (action) dispatch(action);
      // Activity lines (and label sets) are not streamed: the loader reads them fresh.
      refetch.plan(action ? SETTLE_MS : REFETCH_MS);
    };
    // A server-rendered panel joins after the page's first paint, as the board does: its Supabase code
    // would otherwise run in the middle of hydration (decision 117). A panel opened later joins at once.
    const join = () => {
      if (closed) return;
      void loadInTurns(env, () => import('./panel-live.ts'))
        .then((live) => live.connectTask(env, taskId, onEvent))
        .then((joined) => {
          if (closed) void joined.unsubscribe();
          else subscription = joined;
        });
    };
    if (document.readyState === 'complete') join();
    else afterFirstPaint(join);
    return () => {
      closed = true;
      refetch.cancel();
      void subscription?.unsubscribe();
    };
  }, [env, taskId, dispatch, revalidate]);
}
