/**
 * @module features/task-panel/use-pickers — the property pickers' code (`prop-pickers`, React Aria), fetched
 * on demand: once the panel's code is in the page, never with the board's first paint (decision 200). Until it
 * has arrived, during hydration and without JavaScript, the answer is null and the plain forms stand in.
 */
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

type Pickers = typeof import('./prop-pickers.tsx');

let loaded: Pickers | null = null;
let loading: Promise<Pickers | null> | null = null;
const listeners = new Set<() => void>();

/** Starts fetching the pickers (once; a failed fetch, offline, is tried again on the next call). */
export function loadPickers(): Promise<Pickers | null> {
  loading ??= import('./prop-pickers.tsx').then(
    (module) => {
      loaded = module;
      // Tests that go offline wait for this before they do (the pickers' code cannot be fetched offline).
      document.documentElement.dataset.propPickers = 'ready';
      for (const listener of listeners) listener();
      return module;
    },
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

/** Whether the pickers' code is in the page. */
export const pickersLoaded = (): boolean => loaded !== null;

// Fetched as soon as the panel's code is in the page (the board fetches that ahead, decision 203), so a card
// opened later, or offline, has its pickers at once.
if (typeof window !== 'undefined') void loadPickers();

function subscribe(listener: () => void) {
  listeners.add(listener);
  void loadPickers();
  return () => listeners.delete(listener);
}

/**
 * The pickers once fetched and the person is `near`, `turns` of them, one more per task from the frame after
 * that on: picker `i` of a panel shows once `turn > i`. During hydration React takes the server's answer
 * (null: the plain forms the HTML holds). A panel opened later paints first with the plain forms, which take
 * exactly the pickers' place, and the pickers follow in transitions right after that paint: React Aria's
 * first render stays out of "card click → panel painted" (decision 200). One at a time, because each picker's
 * mount ends in a render React cannot split (its collection is built in a layout effect): all five in one
 * task held the page for hundreds of milliseconds on a slow phone (decision 200, update 2026-11-27).
 */
export function usePickers(turns: number, near: boolean): { pickers: Pickers | null; turn: number } {
  const pickers = useSyncExternalStore(
    subscribe,
    () => loaded,
    () => null,
  );
  const [turn, setTurn] = useState(0);
  // Not before the person comes near the sidebar (`use-approach`): the code is fetched ahead, the mounts wait.
  useEffect(() => {
    if (!near) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setTurn((t) => Math.max(t, 1))), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [near]);
  // The next picker in a task of its own, once the last one's render is committed.
  useEffect(() => {
    if (!pickers || turn === 0 || turn >= turns) return;
    const timer = setTimeout(() => startTransition(() => setTurn(turn + 1)), 0);
    return () => clearTimeout(timer);
  }, [pickers, turn, turns]);
  return { pickers: turn > 0 ? pickers : null, turn: pickers ? turn : 0 };
}
