/**
 * @module background — the Supabase image's background workers, for the stack's emulated extensions:
 * pg_cron's scheduler and pg_net's sender. One LISTEN connection wakes them (the extensions' SQL sends
 * NOTIFY on commit); nothing polls. Workers run only for the stack's own emulations: a server with the
 * real extensions (an external `--db-url`) has their C workers, and two senders would send twice.
 */
import postgres from 'postgres';
import type { StackContext } from '../context.ts';
import { CronWorker } from './cron/worker.ts';
import { NetWorker } from './net/worker.ts';

/** Marks the emulated extensions' control files (src/postgres/extensions/*.control). */
const EMULATION_MARK = '%emulated by the Lanes local stack%';

export interface Background {
  close(): Promise<void>;
}

export async function startBackground(stack: StackContext): Promise<Background> {
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

  /** Which of the stack's emulations are installed in this database (none on a server with the real ones). */
  const installed = async (): Promise<Set<string>> => {
    const rows = await admin<{ extname: string }[]>`
      select e.extname from pg_extension e
      join pg_available_extensions a on a.name = e.extname
      where e.extname in ('pg_cron', 'pg_net') and a.comment like ${EMULATION_MARK}`;
    return new Set(rows.map((r) => r.extname));
  };
  // Each (re)connection of the listener may have missed notifications: look again then.
  const catchUp = async () => {
    const names = await installed().catch(() => new Set<string>());
    if (names.has('pg_cron')) void cron.reload();
    if (names.has('pg_net')) void net.wake();
  };

  const cronListen = await admin.listen('stack_cron', () => void cron.reload(), catchUp);
  const netListen = await admin.listen('stack_net', () => void net.wake());
  return {
    async close() {
      await Promise.allSettled([cronListen.unlisten(), netListen.unlisten()]);
      await Promise.allSettled([cron.close(), net.close()]);
      await admin.end({ timeout: 1 });
    },
  };
}
