/**
 * @module features/board/screen/use-hydrated — false during the server render and the hydrating render, true after:
 * the browser's locale and time zone are used only once they cannot make the HTML disagree with the server's.
 *
 * Not `useSyncExternalStore` with a server snapshot: React answers a snapshot that differs after hydration
 * with a synchronous re-render, which landed in one long task with the page's hydration. The switch is a
 * transition instead, and a board mounted later by a client navigation starts out hydrated (decision 126).
 */
import { startTransition, useEffect, useState } from 'react';

let pageHydrated = false;

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    if (hydrated) return;
    pageHydrated = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
