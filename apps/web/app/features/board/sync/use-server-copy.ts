/**
 * @module features/board/sync/use-server-copy — what the board does with a newer copy from its loader (after a
 * revalidation: a role change, a save elsewhere). A whole copy replaces the board's. A big board's copy holds
 * only the first cards of each column (decision 146): put over the whole board the browser had read, it took the
 * rest away, with "Show all" back, until a reload; the whole board is read again instead.
 */
import { type Dispatch, useEffect, useRef } from 'react';
import type { BoardModel } from '../model/board-model.ts';
import type { BoardAction } from '../model/board-reducer.ts';

export function useServerCopy(initial: BoardModel, dispatch: Dispatch<BoardAction>, refetch: () => void) {
  const first = useRef(initial);
  const readWhole = useRef(refetch);
  readWhole.current = refetch;
  useEffect(() => {
    if (initial !== first.current && initial.hidden) readWhole.current();
    else dispatch({ type: 'reset', model: initial });
  }, [initial, dispatch]);
}
