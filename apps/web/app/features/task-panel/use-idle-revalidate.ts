/**
 * @module features/task-panel/use-idle-revalidate — the panel's "read me again", held while a navigation is
 * under way and run once it has settled. A revalidation started in the middle of a navigation makes React
 * Router restart that navigation as a revalidation of every route: closing a panel while its refetch fired
 * reloaded the whole board, a 500-card read (decision 164). A navigation that closes the panel unmounts it,
 * and the held read goes with it; one that keeps it (a save, a filter) reads it afresh anyway.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useNavigation, useRevalidator } from 'react-router';

export function useIdleRevalidate(): () => void {
  const { revalidate } = useRevalidator();
  const idle = useNavigation().state === 'idle';
  const latest = useRef({ revalidate, idle });
  latest.current = { revalidate, idle };
  const held = useRef(false);

  useEffect(() => {
    if (!idle || !held.current) return;
    held.current = false;
    void revalidate();
  }, [idle, revalidate]);

  return useCallback(() => {
    // Offline a read can only fail, and its failure would replace the panel (and the edits waiting in it) with
    // "Cannot reach the server"; the live channel's rejoin reads it again once the connection is back (decision 196).
    if (navigator.onLine === false) return;
    if (latest.current.idle) void latest.current.revalidate();
    else held.current = true;
  }, []);
}
