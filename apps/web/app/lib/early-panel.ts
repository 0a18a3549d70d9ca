/**
 * @module lib/early-panel — panel reads started before the click: when a pointer rests on a
 * card or a mouse button goes down on it (`lib/use-panel-intent`), the panel's data is read from
 * `<task URL>/panel` (decision 164). The click's navigation then takes that answer (the task route's
 * `clientLoader`) instead of waiting for a round trip of its own. An early read serves one opening of its
 * panel, within `KEEP_MS`; anything else (a failure, a redirect, an answer too old) leaves the navigation to
 * read as it always did.
 */

/** How long an early read may stand in for a fresh one. The panel reads again once its channel is joined. */
export const KEEP_MS = 10_000;
/** Early reads kept at once: a pointer crossing the board leaves a few behind, not one per card. */
export const MAX_KEPT = 4;

interface EarlyRead {
  startedAt: number;
  answer: Promise<unknown>;
  abort: AbortController;
}

const reads = new Map<string, EarlyRead>();

/** The URL an early read asks: the task URL's JSON twin (`routes/app/task-panel-data.ts`). */
export const earlyUrl = (taskPath: string) => `${taskPath}/panel`;

/** Starts reading the panel at `taskPath` (a task URL's pathname) unless a fresh read of it is under way. */
export function readEarly(taskPath: string, now = Date.now()): void {
  const known = reads.get(taskPath);
  if (known && now - known.startedAt < KEEP_MS) return;
  const abort = new AbortController();
  const answer = fetch(earlyUrl(taskPath), {
    signal: abort.signal,
    headers: { Accept: 'application/json' },
    // A session revoked elsewhere is answered with a redirect (decision 116); the click's own read meets it.
    redirect: 'manual',
  })
    .then((response) =>
      response.ok && response.headers.get('Content-Type')?.startsWith('application/json')
        ? response.json()
        : null,
    )
    .catch(() => null);
  reads.delete(taskPath);
  reads.set(taskPath, { startedAt: now, answer, abort });
  // The oldest go first (a Map keeps insertion order).
  for (const [path, read] of reads) {
    if (reads.size <= MAX_KEPT) break;
    read.abort.abort();
    reads.delete(path);
  }
}

/**
 * The early read of `taskPath`, once: its answer (null if it failed), or null when there is none or it is older
 * than `KEEP_MS`. Taking it forgets it, so a later revalidation of the open panel always reads afresh.
 */
export function takeEarly<T>(taskPath: string, now = Date.now()): Promise<T | null> | null {
  const known = reads.get(taskPath);
  reads.delete(taskPath);
  if (!known || now - known.startedAt >= KEEP_MS) return null;
  return known.answer as Promise<T | null>;
}

/** Drops every early read: the board has just written, so what they hold may already be out of date. */
export function forgetEarly(): void {
  for (const read of reads.values()) read.abort.abort();
  reads.clear();
}
