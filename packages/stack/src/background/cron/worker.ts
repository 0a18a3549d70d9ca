/**
 * @module background/cron/worker — pg_cron's scheduler, in the stack: keeps cron.job in memory
 * (reloaded when the table changes, on the extension's NOTIFY), sleeps until the next due run (one
 * timer, no polling), starts each due job, and runs a job at most once at a time: a run that comes due
 * while the previous one is still going waits for it, as pg_cron queues it. Decision 170.
 */
import type { Sql } from 'postgres';
import { type CronJob, runJob } from './run-job.ts';
import { nextRun, parseSchedule, type Schedule } from './schedule.ts';

/**
 * The worker wakes this long before a run is due, to have the job's connection open when it is (a new
 * backend takes tens of ms on a busy machine); decision 170 has the figures.
 */
const LEAD_MS = 300;

interface Entry {
  job: CronJob;
  schedule: Schedule;
  next: number;
}

export class CronWorker {
  private entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | undefined;
  private runs = new Set<Promise<void>>();
  /** Jobs with a run in progress, and whether another run came due meanwhile. */
  private running = new Map<string, { queued: boolean }>();
  private closed = false;
  private loading: Promise<void> | undefined;
  private reloadAgain = false;
  private recovered = false;

  private readonly admin: Sql;
  private readonly superuserUrl: string;
  private readonly log: (message: string) => void;

  constructor(admin: Sql, superuserUrl: string, log: (message: string) => void) {
    this.admin = admin;
    this.superuserUrl = superuserUrl;
    this.log = log;
  }

  /** Reads cron.job again (coalesced: one reload at a time, one more if asked meanwhile). */
  reload(): Promise<void> {
    if (this.loading) {
      this.reloadAgain = true;
      return this.loading;
    }
    this.loading = (async () => {
      do {
        this.reloadAgain = false;
        await this.load().catch((error: Error) => {
          // The extension was dropped, or Postgres is away: no jobs until the next change or reconnect.
          this.replace([]);
          if (!/does not exist/.test(error.message))
            this.log(`cron: could not read cron.job: ${error.message}`);
        });
      } while (this.reloadAgain && !this.closed);
      this.loading = undefined;
    })();
    return this.loading;
  }

  private async load(): Promise<void> {
    if (!this.recovered) {
      // As pg_cron on start: runs a previous stack left mid-way can no longer finish.
      await this.admin`
        update cron.job_run_details set status = 'failed', return_message = 'server restarted'
        where status in ('starting', 'running', 'sending', 'connecting')`;
      this.recovered = true;
    }
    const jobs = await this.admin<CronJob[]>`
      select jobid::text, schedule, command, database, username, active from cron.job`;
    this.replace(jobs);
  }

  private replace(jobs: CronJob[]): void {
    const now = Date.now();
    const next = new Map<string, Entry>();
    for (const job of jobs) {
      const schedule = parseSchedule(job.schedule);
      if (!job.active || !schedule) continue;
      const old = this.entries.get(job.jobid);
      const due = old && old.job.schedule === job.schedule ? old.next : nextRun(schedule, now);
      if (due === undefined) continue;
      next.set(job.jobid, { job, schedule, next: due });
    }
    this.entries = next;
    this.arm();
  }

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed) return;
    let soonest = Number.POSITIVE_INFINITY;
    for (const entry of this.entries.values()) soonest = Math.min(soonest, entry.next);
    if (soonest === Number.POSITIVE_INFINITY) return;
    // Timers longer than 2^31 ms overflow; a far run is re-armed on the way.
    const delay = Math.min(Math.max(0, soonest - LEAD_MS - Date.now()), 2 ** 30);
    this.timer = setTimeout(() => this.fire(), delay);
  }

  private fire(): void {
    const now = Date.now();
    for (const entry of this.entries.values()) {
      if (entry.next > now + LEAD_MS) continue;
      const due = entry.next;
      // From the due moment; when the worker is late (the machine was asleep), missed runs are skipped.
      entry.next = nextRun(entry.schedule, Math.max(due, now)) ?? Number.POSITIVE_INFINITY;
      this.start(entry, due);
    }
    this.arm();
  }

  private start(entry: Entry, due = Date.now()): void {
    const id = entry.job.jobid;
    const inProgress = this.running.get(id);
    if (inProgress) {
      inProgress.queued = true;
      return;
    }
    const state = { queued: false };
    this.running.set(id, state);
    const wanted = () => !this.closed && this.entries.get(id)?.job.command === entry.job.command;
    const run = runJob(this.admin, this.superuserUrl, entry.job, due, wanted)
      .catch((error: Error) => {
        this.log(`cron: job ${id} could not be recorded: ${error.message}`);
        void this.reload();
      })
      .finally(() => {
        this.runs.delete(run);
        this.running.delete(id);
        // A reload may have changed or removed the job meanwhile: the current entry decides.
        const current = this.entries.get(id);
        if (state.queued && current && !this.closed) this.start(current);
      });
    this.runs.add(run);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await Promise.allSettled([...this.runs]);
  }
}
