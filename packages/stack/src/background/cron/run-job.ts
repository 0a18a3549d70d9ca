/**
 * @module background/cron/run-job — one run of a pg_cron job: its own connection to the job's database
 * as the job's role, the command sent as one simple query (several statements allowed, as pg_cron's
 * libpq sends it), and the run recorded in cron.job_run_details from `starting` to `succeeded`/`failed`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import postgres, { type Sql } from 'postgres';

export interface CronJob {
  jobid: string;
  schedule: string;
  command: string;
  database: string;
  username: string;
  active: boolean;
}

/** What pg_cron writes as a successful run's return_message: the command tag, or "N rows" for a query. */
function returnMessage(result: unknown): string {
  const last = (Array.isArray(result) && !('command' in result) ? result.at(-1) : result) as
    | { command?: string; count?: number; columns?: unknown[] }
    | undefined;
  if (!last?.command) return '';
  const count = last.count ?? 0;
  if (last.columns?.length) return `${count} ${count === 1 ? 'row' : 'rows'}`;
  if (last.command === 'INSERT') return `INSERT 0 ${count}`;
  const counted = ['UPDATE', 'DELETE', 'MERGE', 'SELECT', 'MOVE', 'FETCH', 'COPY'];
  return counted.includes(last.command) ? `${last.command} ${count}` : last.command;
}

/** libpq's error text, as pg_cron stores it: `ERROR:  message` with the detail and hint lines. */
function errorMessage(error: unknown): string {
  const e = error as { severity?: string; message?: string; detail?: string; hint?: string };
  if (!e.severity) return `connection failed: ${e.message ?? String(error)}`;
  let text = `${e.severity}:  ${e.message}\n`;
  if (e.detail) text += `DETAIL:  ${e.detail}\n`;
  if (e.hint) text += `HINT:  ${e.hint}\n`;
  return text;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Runs `job` once at `dueAt` and records it, unless `stillWanted()` says otherwise by then. `admin` is the superuser pool on the cron database; `superuserUrl`
 * opens the job's own connection, which becomes the job's role with SET SESSION AUTHORIZATION (so RLS
 * and grants apply as to that role). Never throws: a failure is a `failed` row.
 */
export async function runJob(
  admin: Sql,
  superuserUrl: string,
  job: CronJob,
  dueAt: number,
  stillWanted: () => boolean,
): Promise<void> {
  const url = new URL(superuserUrl);
  url.pathname = `/${encodeURIComponent(job.database)}`;
  const conn = postgres(url.toString(), {
    max: 1,
    onnotice: () => {},
    idle_timeout: 1,
    connect_timeout: 10,
    connection: { application_name: 'pg_cron' },
  });
  // The run's row and the job's connection are made side by side, ahead of the due moment (the worker
  // wakes a little early), so the command itself goes out on its second.
  const connected = conn
    .unsafe(`set session authorization ${quoteIdent(job.username)}; select pg_backend_pid() as pid`)
    .simple()
    .then((r) => (r.at(-1) as unknown as { pid: number }[])[0]!.pid);
  connected.catch(() => {});
  let runid: string;
  try {
    const [run] = await admin<{ runid: string }[]>`
      insert into cron.job_run_details (jobid, database, username, command, status)
      values (${job.jobid}, ${job.database}, ${job.username}, ${job.command}, 'starting')
      returning runid`;
    runid = run!.runid;
  } catch (error) {
    await conn.end({ timeout: 1 }).catch(() => {});
    throw error;
  }
  let status = 'failed';
  let message: string;
  let started: Date | undefined;
  try {
    const pid = await connected;
    const wait = dueAt - Date.now();
    if (wait > 0) await sleep(wait);
    if (!stillWanted()) {
      // Unscheduled, paused or changed while its connection was being made: this run never started.
      await conn.end({ timeout: 1 }).catch(() => {});
      await admin`delete from cron.job_run_details where runid = ${runid}`;
      return;
    }
    started = new Date();
    const command = conn.unsafe(job.command).simple();
    await admin`
      update cron.job_run_details set status = 'running', job_pid = ${pid}, start_time = ${started}
      where runid = ${runid} and status = 'starting'`;
    message = returnMessage(await command);
    status = 'succeeded';
  } catch (error) {
    message = errorMessage(error);
  } finally {
    await conn.end({ timeout: 1 }).catch(() => {});
  }
  await admin`
    update cron.job_run_details set status = ${status}, return_message = ${message}, end_time = now(),
      start_time = coalesce(start_time, ${started ?? new Date()})
    where runid = ${runid}`;
}
