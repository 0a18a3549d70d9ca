/**
 * @module background — the Supabase image's background workers, for the stack's emulated extensions:
 * pg_cron's scheduler and pg_net's sender. One LISTEN connection wakes them (the extensions' SQL sends
 * NOTIFY on commit); nothing polls. Workers run only for the stack's own emulations: a server with the
 * real extensions (an external `--db-url`) has their C workers, and two senders would send twice.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import type { StackContext } from '../context.ts';
import { CronWorker } from './cron/worker.ts';
import { NetWorker } from './net/worker.ts';

/** Marks the emulated extensions' control files (src/postgres/extensions/*.control). */
const EMULATION_MARK = '%emulated by the Lanes local stack%';

export interface Background {
  close(): Promise<void>;
}

/**
 * Starts the workers without holding up the stack's start: the LISTEN connection opens in the background,
 * and its first connect catches up on jobs and queued requests, as every reconnect does.
 */
export function startBackground(stack: StackContext): Background {
  // Its own pool, so net.check_worker_is_up() can find the worker by its application name.
  const admin = postgres(stack.urls.db, {
    max: 4,
    onnotice: () => {},
    idle_timeout: 60,
    backoff: () => 0.05,
    connection: { application_name: 'stack background worker' },
  });
  const log = (message: string) => stack.log('background', message);
  const cron = new CronWorker(admin, stack.urls.db, log);
  const net = new NetWorker(admin, log);

  /** Which of the stack's emulations are installed (none on a server with the real extensions). */
  let installed = new Set<string>();
  const refresh = async (): Promise<Set<string>> => {
    const rows = await admin<{ extname: string }[]>`
      select e.extname from pg_extension e
      join pg_available_extensions a on a.name = e.extname
      where e.extname in ('pg_cron', 'pg_net') and a.comment like ${EMULATION_MARK}`;
    installed = new Set(rows.map((r) => r.extname));
    return installed;
  };
  // A NOTIFY on these channels only comes from the emulations' SQL, but anyone may send one: the real
  // extensions' tables are never worked on.
  const serve = async (name: string, work: () => Promise<void>) => {
    const names = installed.has(name) ? installed : await refresh().catch(() => new Set<string>());
    if (names.has(name)) await work();
  };
  // Each (re)connection of the listener may have missed notifications: look again then.
  const catchUp = async () => {
    await refresh().catch(() => {});
    void serve('pg_cron', () => cron.reload());
    void serve('pg_net', () => net.wake());
  };

  const listening = Promise.all([
    admin.listen('stack_cron', () => void serve('pg_cron', () => cron.reload()), catchUp),
    admin.listen('stack_net', () => void serve('pg_net', () => net.wake())),
  ]).catch((error: Error) => {
    log(`could not listen for pg_cron and pg_net work: ${error.message}`);
    return [];
  });
  return {
    async close() {
      await Promise.race([listening, sleep(1000)]);
      // Runs and requests in flight get a moment to record themselves; a long job does not hold up the
      // stop (ending the pool also ends the LISTEN, which needs no UNLISTEN and no live server).
      await Promise.race([Promise.allSettled([cron.close(), net.close()]), sleep(1000)]);
      await admin.end({ timeout: 1 });
    },
  };
}
