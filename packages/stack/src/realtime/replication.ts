/**
 * @module realtime/replication — one logical replication stream (pgoutput) on the `supabase_realtime` and
 * `supabase_realtime_messages_publication` publications through a temporary slot, handing each committed
 * transaction on in commit order and acknowledging what has been delivered.
 */
import postgres, { type Sql } from 'postgres';
import type { Logger } from '../context.ts';
import { PgOutputDecoder, type Transaction } from './pgoutput.ts';

export const PUBLICATIONS = ['supabase_realtime', 'supabase_realtime_messages_publication'];

export interface Replication {
  /** Resolves once the slot exists: changes committed after this are delivered. */
  ready: Promise<void>;
  /** Acknowledges everything up to `lsn` (the end of a delivered transaction). */
  ack(lsn: bigint): void;
  close(): Promise<void>;
}

export function startReplication(
  dbUrl: string,
  slot: string,
  publications: string[],
  onTransaction: (tx: Transaction) => void,
  log: Logger,
): Replication {
  const sql: Sql = postgres(dbUrl, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: 'stack realtime replication', replication: 'database' } as Record<
      string,
      string
    >,
  });
  let stream: import('node:stream').Writable | null = null;
  let flushed = 0n;
  let closed = false;

  const decoder = new PgOutputDecoder(onTransaction);

  const sendStatus = (reply = false) => {
    if (!stream || closed) return;
    const msg = Buffer.alloc(34);
    msg[0] = 0x72; // 'r': standby status update
    msg.writeBigUInt64BE(flushed, 1); // written
    msg.writeBigUInt64BE(flushed, 9); // flushed
    msg.writeBigUInt64BE(flushed, 17); // applied
    msg.writeBigInt64BE(BigInt(Date.now() - Date.UTC(2000, 0, 1)) * 1000n, 25);
    msg[33] = reply ? 1 : 0;
    try {
      stream.write(msg);
    } catch {
      // The connection died under the stream (the database went away): the driver throws instead of
      // erroring the stream. 'close' follows and reopens replication; the status is resent from there.
    }
  };

  const open = async () => {
    const [created] = await sql.unsafe<{ consistent_point: string }[]>(
      `CREATE_REPLICATION_SLOT "${slot}" TEMPORARY LOGICAL pgoutput NOEXPORT_SNAPSHOT`,
    );
    const names = publications.join(',');
    const s = await sql
      .unsafe(
        `START_REPLICATION SLOT "${slot}" LOGICAL ${created!.consistent_point} (proto_version '1', publication_names '${names}')`,
      )
      .writable();
    stream = s;
    s.on('data', (chunk: Buffer) => {
      try {
        if (chunk[0] === 0x77 /* w: XLogData */) decoder.decode(chunk.subarray(25));
        else if (chunk[0] === 0x6b /* k: keepalive */ && chunk[17]) sendStatus();
      } catch (error) {
        log('realtime', `replication: ${(error as Error).message}`);
      }
    });
    s.on('error', (error: Error) => {
      if (!closed) log('realtime', `replication stream failed: ${error.message}`);
    });
    s.once('close', () => {
      if (stream === s) stream = null;
      if (!closed) reopen();
    });
  };
  // The connection dropped (database restarted, killed backend): a new temporary slot streams changes
  // committed from then on; what was committed in between is not replayed, as with the real server.
  // Retried quickly at first, so subscribers see changes again as soon as a restarted database accepts
  // connections (≈1 s after a crash), then every second; each failure is logged once per outage.
  let attempts = 0;
  const reopen = () => {
    if (closed) return;
    if (attempts === 0) log('realtime', 'replication connection lost; reconnecting');
    const delay = [50, 100, 200, 500][attempts] ?? 1000;
    attempts++;
    setTimeout(() => {
      open().then(
        () => {
          log('realtime', 'replication reconnected');
          attempts = 0;
        },
        (error) => {
          if (attempts === 1) log('realtime', `replication reconnect failed: ${(error as Error).message}`);
          reopen();
        },
      );
    }, delay).unref();
  };

  const ready = open();
  return {
    ready,
    ack(lsn) {
      if (lsn > flushed) flushed = lsn;
      sendStatus();
    },
    async close() {
      closed = true;
      // Not awaiting `ready`: a slot still waiting for a consistent point is cancelled by ending the connection.
      if (stream) {
        const s = stream;
        await Promise.race([
          new Promise<void>((r) => {
            s.once('close', () => r());
            s.end();
          }),
          new Promise((r) => setTimeout(r, 1000)),
        ]);
      }
      await sql.end({ timeout: 1 });
    },
  };
}
