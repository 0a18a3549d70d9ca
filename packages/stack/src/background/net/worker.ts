/**
 * @module background/net/worker — pg_net's background worker, in the stack: woken by the NOTIFY that a
 * committed insert into net.http_request_queue sends (a rolled-back one sends nothing), it takes up to
 * `pg_net.batch_size` requests off the queue, sends them at once, writes each outcome to
 * net._http_response, deletes responses older than `pg_net.ttl`, and repeats until the queue is empty.
 * Idle, it does nothing. Decision 171.
 */
import type { Sql } from 'postgres';
import { type QueuedRequest, type ResponseRow, send, setConcurrency } from './send.ts';

export class NetWorker {
  private draining: Promise<void> | undefined;
  private again = false;
  private closed = false;

  private readonly admin: Sql;
  private readonly log: (message: string) => void;

  constructor(admin: Sql, log: (message: string) => void) {
    this.admin = admin;
    this.log = log;
  }

  /** Drains the queue; a wake during a drain makes it look once more. */
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
          while (!this.closed && (await this.round()) > 0) {}
        } catch (error) {
          const message = (error as Error).message;
          if (!/does not exist/.test(message)) this.log(`net: ${message}`);
        }
      } while (this.again && !this.closed);
      this.draining = undefined;
    })();
    return this.draining;
  }

  /** One batch: returns how many requests it sent. One round trip before the first byte goes out. */
  private async round(): Promise<number> {
    const requests = await this.admin<(QueuedRequest & { batch: number })[]>`
      with settings as (
        select coalesce(nullif(current_setting('pg_net.batch_size', true), '')::int, 200) as batch
      ), rows as (
        select id from net.http_request_queue order by id
        limit (select batch from settings) for update skip locked
      )
      delete from net.http_request_queue q using rows where q.id = rows.id
      returning q.id::text, q.method, q.url, q.timeout_milliseconds, q.headers, q.body,
        (select batch from settings)`;
    if (!requests.length) {
      await this.admin`
        delete from net._http_response
        where created < now() - coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours')::interval`;
      return 0;
    }
    setConcurrency(requests[0]!.batch);
    const rows: ResponseRow[] = await Promise.all(requests.map(send));
    // Responses past pg_net.ttl go in the statement that stores the new ones.
    await this.admin`
      with expired as (
        delete from net._http_response
        where created < now() - coalesce(nullif(current_setting('pg_net.ttl', true), ''), '6 hours')::interval
      )
      insert into net._http_response ${this.admin(rows, 'id', 'status_code', 'content_type', 'headers', 'content', 'timed_out', 'error_msg')}`;
    return requests.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.draining;
  }
}
