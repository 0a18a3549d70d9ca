/**
 * @module features/board/sync/settled-copy — reads a fresh copy of the board that holds every write of ours. A
 * copy read while a write waits, or while one is on its way, may not hold it: put over the board, it would
 * take back a move or an edit the person already sees. So the read waits until no write of ours is waiting,
 * and is made again (after the next quiet moment) when a write was queued while it was under way.
 */

/** The write queue as this needs it (`WriteQueue`). */
export interface OwnWrites {
  /** Resolves once no write is waiting. */
  idle(): Promise<void>;
  /** How many writes were ever queued: a change means a write was queued since it was last looked at. */
  readonly queued: number;
}

/**
 * `read` once `writes` is idle; again while a write was queued during the read. Null when a read fails (the
 * board keeps what it shows).
 * @example const board = await readSettledCopy(queue, () => readBoard());
 */
export async function readSettledCopy<T>(
  writes: OwnWrites,
  read: () => Promise<T | null>,
): Promise<T | null> {
  for (;;) {
    await writes.idle();
    const before = writes.queued;
    const copy = await read();
    if (copy === null || writes.queued === before) return copy;
  }
}
