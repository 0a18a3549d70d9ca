/**
 * @module postgres/supervisor — keeps the embedded Postgres up: when it dies under the stack (`kill -9`,
 * the OOM killer, a crash) it is started again on the same port and data, where crash recovery replays
 * the WAL, so every acknowledged commit is back. The services' pools reconnect on their next query and
 * Realtime's replication reopens by itself; until then they answer 503.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { PostgresServer } from './server.ts';

export interface Supervised {
  /** How many times the server was brought back, and how long the last revival took (ms). */
  readonly restarts: number;
  readonly lastRestartMs: number | undefined;
  /** Stops the server for good (no revival); waits for a revival in progress first. */
  stop(): Promise<void>;
}

/** First retry quickly: after `kill -9` the old backends hold the shared memory for a few ms more. */
const RETRY_MS = [25, 50, 100, 200, 500, 1000];

export function supervise(
  first: PostgresServer,
  start: () => Promise<PostgresServer>,
  log: (line: string) => void,
): Supervised {
  let server = first;
  let stopping = false;
  let reviving: Promise<void> | undefined;
  let restarts = 0;
  let lastRestartMs: number | undefined;

  const watch = (watched: PostgresServer) => {
    void watched.exited.then(() => {
      if (stopping || server !== watched) return;
      reviving = revive().finally(() => {
        reviving = undefined;
      });
    });
  };

  const revive = async () => {
    log('postgres exited unexpectedly; starting it again (crash recovery replays the WAL)');
    const t0 = performance.now();
    for (let attempt = 0; !stopping; attempt++) {
      try {
        const next = await start();
        server = next;
        if (stopping) return;
        restarts++;
        lastRestartMs = Math.round(performance.now() - t0);
        log(`postgres is back after ${lastRestartMs} ms`);
        watch(next);
        return;
      } catch (error) {
        // Said once, then every ~10 s: a server that cannot start (disk full) must not flood the log.
        if (attempt % 12 === 0) log(`postgres did not start again yet: ${(error as Error).message}`);
        await sleep(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]!);
      }
    }
  };

  watch(first);
  return {
    get restarts() {
      return restarts;
    },
    get lastRestartMs() {
      return lastRestartMs;
    },
    async stop() {
      stopping = true;
      await reviving;
      await server.stop();
    },
  };
}
