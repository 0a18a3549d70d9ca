/**
 * @module background/net/worker — pg_net's background worker, in the stack: woken by the NOTIFY that a
 * committed insert into net.http_request_queue sends (a rolled-back one sends nothing), it takes requests
 * off the queue into at most `pg_net.batch_size` free slots, sends them at once, and stores each answer
 * in net._http_response as it comes (answers that arrive together go in one insert, which also deletes
 * responses older than `pg_net.ttl`). A slow request holds one slot, not the queue. Idle, it does
 * nothing. Decision 171.
 */
import type { Sql } from 'postgres';
import { type QueuedRequest, type ResponseRow, send, setConcurrency } from './send.ts';

export class NetWorker {
  private readonly admin: Sql;
  private readonly log: (message: string) => void;
  private draining: Promise<void> | undefined;
  private again = false;
  private closed = false;
  /** pg_net.batch_size as last read: how many requests may be in flight. */
  private slots = 200;
  private inFlight = new Set<Promise<void>>();
  /** The queue may hold more than the free slots took: look again when a slot frees. */
  private full = false;
  private answers: ResponseRow[] = [];
  private storing: Promise<void> | undefined;

  constructor(admin: Sql, log: (message: string) => void) {
    this.admin = admin;
    this.log = log;
  }

  /** Takes what the queue holds; a wake during a drain makes it look once more. */
  wake(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        try {
          while (!this.closed && (await this.take())) {}
        } catch (error) {
          const message = (error as Error).message;
          if (!/does not exist/.test(message)) this.log(`net: ${message}`);
        }
      } while (this.again && !this.closed);
      this.draining = undefined;
    })();
    return this.draining;
  }

  /** Fills the free slots from the queue (one round trip); true when the queue may hold more. */
  private async take(): Promise<boolean> {
    const room = this.slots - this.inFlight.size;
    if (room <= 0) {
      this.full = true;
      return false;
    }
    const requests = await this.admin<(QueuedRequest & { batch: number })[]>`
      with settings as (
        select coalesce(nullif(current_setting('pg_net.batch_size', true), '')::int, 200) as batch
      ), rows as (
        select id from net.http_request_queue order by id
        limit least(${room}, (select batch from settings)) for update skip locked
      )
      delete from net.http_request_queue q using rows where q.id = rows.id
      returning q.id::text, q.method, q.url, q.timeout_milliseconds, q.headers, q.body,
        (select batch from settings)`;
    if (!requests.length) {
      await this.admin`
        delete from net._http_response
        where created < now() - coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours')::interval`;
      return false;
    }
    this.slots = requests[0]!.batch;
    setConcurrency(this.slots);
    for (const request of requests) this.dispatch(request);
    return requests.length >= room;
  }

  private dispatch(request: QueuedRequest): void {
    const flight: Promise<void> = send(request)
      .then((answer) => {
        this.answers.push(answer);
        return this.store();
      })
      .catch((error: Error) => this.log(`net: could not store the answer to ${request.id}: ${error.message}`))
      .finally(() => {
        this.inFlight.delete(flight);
        if (this.full && !this.closed) {
          this.full = false;
          void this.wake();
        }
      });
    this.inFlight.add(flight);
  }

  /** Writes the answers that have come, in one insert per turn; answers arriving meanwhile go next. */
  private store(): Promise<void> {
    this.storing ??= (async () => {
      try {
        while (this.answers.length) {
          const rows = this.answers.splice(0);
          await this.admin`
            with expired as (
              delete from net._http_response
              where created < now() - coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours')::interval
            )
            insert into net._http_response ${this.admin(rows, 'id', 'status_code', 'content_type', 'headers', 'content', 'timed_out', 'error_msg')}`;
        }
      } finally {
        this.storing = undefined;
      }
    })();
    return this.storing;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.draining;
    await Promise.allSettled([...this.inFlight]);
  }
}
