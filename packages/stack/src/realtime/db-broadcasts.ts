/**
 * @module realtime/db-broadcasts — inserts into realtime.messages (from `realtime.send()`) become broadcasts
 * once their transaction's commit is visible to new snapshots, in commit order among themselves, without
 * waiting for the postgres_changes checks of the same transactions (decision 079).
 */
import type { Sql } from 'postgres';
import type { Logger } from '../context.ts';
import type { Hub } from './hub.ts';
import type { Change, Transaction } from './pgoutput.ts';

/** Re-asks of a commit not visible yet, 2 ms apart, before sending anyway (the commit is on disk). */
const RETRIES = 25;

/** Whether `visible` of the 32-bit xid says yes; one round trip. */
export type VisibleCheck = (xid: number) => Promise<boolean>;

export const xidVisibleIn =
  (sql: Sql): VisibleCheck =>
  async (xid) =>
    (await sql<{ v: boolean }[]>`select realtime.stack_xid_visible(${xid}) as v`)[0]!.v;

/** An insert into realtime.messages: a broadcast from the database (`realtime.send`), not a row change. */
export function isMessage(change: Change): boolean {
  return change.relation.schema === 'realtime' && change.relation.table === 'messages';
}

export class DatabaseBroadcasts {
  readonly #hub: Hub;
  readonly #visible: VisibleCheck;
  readonly #log: Logger;
  /** The previous transaction's broadcasts: each waits for it, so commit order holds. */
  #tail: Promise<void> = Promise.resolve();

  constructor(hub: Hub, visible: VisibleCheck, log: Logger) {
    this.#hub = hub;
    this.#visible = visible;
    this.#log = log;
  }

  /**
   * The walsender can ship a commit a moment before the committing backend leaves the proc array. A listener
   * that reads on a broadcast ("memberships changed: refetch") would then read the state before it, and keep
   * it until the next broadcast: the broadcast waits until a new snapshot sees its transaction.
   */
  enqueue(tx: Transaction): void {
    const messages = tx.changes.filter(isMessage);
    if (!messages.length) return;
    this.#tail = this.#tail.then(async () => {
      await this.#untilVisible(tx.xid);
      for (const change of messages) this.#send(change);
    });
  }

  /** Resolves when every broadcast enqueued so far has gone out. */
  settled(): Promise<void> {
    return this.#tail;
  }

  async #untilVisible(xid: number): Promise<void> {
    try {
      for (let attempt = 0; attempt < RETRIES; attempt++) {
        if (await this.#visible(xid)) return;
        await new Promise((r) => setTimeout(r, 2));
      }
    } catch (error) {
      // Without the database the broadcast still goes: it was committed, only its visibility is unconfirmed.
      this.#log('realtime', `broadcast visibility check failed: ${(error as Error).message}`);
    }
  }

  #send(change: Change): void {
    const row = change.record;
    if (change.type !== 'INSERT' || !row || row.extension !== 'broadcast') return;
    let payload: unknown = {};
    try {
      payload = row.payload ? JSON.parse(row.payload) : {};
    } catch {
      return;
    }
    this.#hub.broadcast(row.private === 't', row.topic ?? '', {
      type: 'broadcast',
      event: row.event ?? '',
      payload,
      meta: { id: row.id },
    });
  }
}
