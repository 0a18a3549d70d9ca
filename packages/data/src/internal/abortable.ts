/**
 * @module internal/abortable — a read that a loader can abandon: the server's `request.signal` aborts when the
 * browser navigates away or closes the tab, and the query it was waiting on stops with it instead of finishing
 * for nobody. Writes take no signal: aborting a request does not undo a write the database already made.
 */

/** Attaches `signal` to a PostgREST query when there is one. */
export function abortable<Q extends { abortSignal(signal: AbortSignal): Q }>(
  query: Q,
  signal: AbortSignal | undefined,
): Q {
  return signal ? query.abortSignal(signal) : query;
}
