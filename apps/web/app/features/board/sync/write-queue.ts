/**
 * @module features/board/sync/write-queue — the user's board writes, sent one at a time in the order they were made.
 * A write that cannot reach the server (`NETWORK`) stays first in line and is tried again with backoff, or at
 * once when the browser says it is back online; nothing is dropped. A write the server refuses is answered
 * with its refusal (the caller rolls back and says why) and the line moves on. SPEC §8 `NETWORK`.
 */

export type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string };

export interface QueueOptions {
  /** Waits before a retry; resolves early when `resume()` is called. Tests pass a controllable clock. */
  sleep?(ms: number, wake: AbortSignal): Promise<void>;
  /** Told how many writes are waiting (including the one in flight) whenever that number changes. */
  onPending?(count: number): void;
  /** Told when a write could not reach the server and will be tried again. */
  onRetry?(attempt: number, delayMs: number): void;
}

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/** 1 s, 2 s, 4 s, … up to 30 s between attempts at the same write. */
export function backoff(attempt: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1));
}

function defaultSleep(ms: number, wake: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    wake.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        done();
      },
      { once: true },
    );
  });
}

interface Entry {
  run(): Promise<Outcome<unknown>>;
  settle(outcome: Outcome<unknown>): void;
  onUnreachable?: (() => void) | undefined;
}

export interface PushOptions {
  /** Called each time this write could not reach the server (it stays in line and is retried). */
  onUnreachable?(): void;
}

export class WriteQueue {
  private readonly line: Entry[] = [];
  private draining = false;
  private wake = new AbortController();
  private idleWaiters: (() => void)[] = [];

  private readonly options: QueueOptions;

  constructor(options: QueueOptions = {}) {
    this.options = options;
  }

  private unreachable = false;
  /** `resume()` was called since the current attempt began (the browser said it is back online meanwhile). */
  private resumed = false;

  private pushes = 0;

  /** How many writes were ever queued (`settled-copy` tells from it that one was queued during a read). */
  get queued(): number {
    return this.pushes;
  }

  /** How many writes have not been answered yet. */
  get pending(): number {
    return this.line.length;
  }

  /** The write first in line could not reach the server and waits for a retry. */
  get stuck(): boolean {
    return this.unreachable;
  }

  /**
   * Sends `run` after every write pushed before it, and resolves with the server's answer: a value, or a
   * refusal other than `NETWORK` (those are retried until they get through).
   * @example const outcome = await queue.push(() => writes.moveTask(input));
   */
  push<T>(run: () => Promise<Outcome<T>>, options: PushOptions = {}): Promise<Outcome<T>> {
    this.pushes += 1;
    return new Promise<Outcome<T>>((settle) => {
      this.line.push({
        run,
        settle: settle as (outcome: Outcome<unknown>) => void,
        onUnreachable: options.onUnreachable,
      });
      this.options.onPending?.(this.line.length);
      void this.drain();
    });
  }

  /**
   * Tries the waiting write now (the browser is back online), and starts the backoff over. Called while an attempt
   * is on its way (made before the connection came back, it will fail), that attempt is followed by another at once
   * rather than by its backoff, which could be 30 s (decision 209).
   */
  resume(): void {
    this.resumed = true;
    this.wake.abort();
  }

  /** Resolves once no write is waiting. */
  idle(): Promise<void> {
    if (this.line.length === 0) return Promise.resolve();
    return new Promise((done) => this.idleWaiters.push(done));
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      let attempt = 0;
      for (let entry = this.line[0]; entry; entry = this.line[0]) {
        this.resumed = false;
        const outcome = await this.attempt(entry);
        if (!outcome.ok && outcome.code === 'NETWORK') {
          this.unreachable = true;
          entry.onUnreachable?.();
          // Back online since this attempt began: the backoff starts over, and the next try is now.
          if (this.resumed) {
            attempt = 0;
            continue;
          }
          attempt += 1;
          const delay = backoff(attempt);
          this.options.onRetry?.(attempt, delay);
          this.wake = new AbortController();
          await (this.options.sleep ?? defaultSleep)(delay, this.wake.signal);
          if (this.resumed) attempt = 0;
          continue;
        }
        attempt = 0;
        this.unreachable = false;
        this.line.shift();
        this.options.onPending?.(this.line.length);
        entry.settle(outcome);
      }
    } finally {
      this.draining = false;
      for (const done of this.idleWaiters.splice(0)) done();
    }
  }

  private async attempt(entry: Entry): Promise<Outcome<unknown>> {
    try {
      return await entry.run();
    } catch (error) {
      // A write that throws (rather than answering) is a bug, not an outage: refuse it instead of retrying forever.
      console.error(error);
      return { ok: false, code: 'UNEXPECTED', message: 'Something went wrong.' };
    }
  }
}
