/**
 * @module features/board/use-hydrated — false during the server render and the hydrating render, true after:
 * the browser's locale and time zone are used only once they cannot make the HTML disagree with the server's.
 */
import { useSyncExternalStore } from 'react';

const noop = () => () => {};
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
