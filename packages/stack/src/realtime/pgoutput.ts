/**
 * @module realtime/pgoutput — decodes pgoutput (protocol version 1) messages into committed transactions:
 * relations with column names and type OIDs, and INSERT/UPDATE/DELETE tuples as raw text values.
 */

export interface Relation {
  id: number;
  schema: string;
  table: string;
  columns: { name: string; typeOid: number; key: boolean }[];
}

/** Text values by column; `undefined` for an unchanged TOAST value the WAL did not carry. */
export type Tuple = Record<string, string | null>;

export interface Change {
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  relation: Relation;
  record?: Tuple;
  old?: Tuple;
  /** The transaction's id (32 bits, as pgoutput sends it): its check waits until the commit is visible. */
  xid?: number;
}

export interface Transaction {
  xid: number;
  commitTime: Date;
  /** LSN just past the commit, to acknowledge once the transaction is delivered. */
  endLsn: bigint;
  changes: Change[];
}

/** Microseconds since 2000-01-01, Postgres' epoch. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);
const pgTime = (us: bigint) => new Date(PG_EPOCH_MS + Number(us / 1000n));

export class PgOutputDecoder {
  readonly relations = new Map<number, Relation>();
  #open: Transaction | null = null;
  readonly #onCommit: (tx: Transaction) => void;

  constructor(onCommit: (tx: Transaction) => void) {
    this.#onCommit = onCommit;
  }

  decode(msg: Buffer): void {
    const tag = String.fromCharCode(msg[0]!);
    switch (tag) {
      case 'B':
        // Begin: final LSN at 1, commit time at 9, xid at 17.
        this.#open = {
          xid: msg.readUInt32BE(17),
          commitTime: pgTime(msg.readBigInt64BE(9)),
          endLsn: 0n,
          changes: [],
        };
        return;
      case 'C': {
        const tx = this.#open;
        this.#open = null;
        if (!tx) return;
        tx.endLsn = msg.readBigUInt64BE(10);
        tx.commitTime = pgTime(msg.readBigInt64BE(18));
        this.#onCommit(tx);
        return;
      }
      case 'R':
        this.#relation(msg);
        return;
      case 'I': {
        const relation = this.#rel(msg.readUInt32BE(1));
        // 'N' at offset 5, tuple from 6
        this.#push({ type: 'INSERT', relation, record: this.#tuple(msg, 6, relation).tuple });
        return;
      }
      case 'U': {
        const relation = this.#rel(msg.readUInt32BE(1));
        let offset = 5;
        let old: Tuple | undefined;
        if (msg[offset] === 0x4b /* K */ || msg[offset] === 0x4f /* O */) {
          const r = this.#tuple(msg, offset + 1, relation);
          old = r.tuple;
          offset = r.end;
        }
        const record = this.#tuple(msg, offset + 1, relation).tuple;
        // No old tuple unless the key changed or identity is full; like wal2json's `identity`, the old
        // record then still carries the replica identity (key) columns.
        old ??= Object.fromEntries(
          relation.columns.filter((c) => c.key).map((c) => [c.name, record[c.name] ?? null]),
        );
        this.#push({ type: 'UPDATE', relation, record, old });
        return;
      }
      case 'D': {
        const relation = this.#rel(msg.readUInt32BE(1));
        const old = this.#tuple(msg, 6, relation).tuple;
        this.#push({ type: 'DELETE', relation, old });
        return;
      }
      default:
        // Type, Origin, Truncate, Message: nothing Realtime delivers.
        return;
    }
  }

  #push(change: Change): void {
    if (!this.#open) return;
    change.xid = this.#open.xid;
    this.#open.changes.push(change);
  }

  #rel(id: number): Relation {
    const relation = this.relations.get(id);
    if (!relation) throw new Error(`pgoutput: change for unknown relation ${id}`);
    return relation;
  }

  #relation(msg: Buffer): void {
    const id = msg.readUInt32BE(1);
    let offset = 5;
    const cstr = () => {
      const end = msg.indexOf(0, offset);
      const s = msg.toString('utf8', offset, end);
      offset = end + 1;
      return s;
    };
    const schema = cstr();
    const table = cstr();
    offset += 1; // replica identity setting
    const count = msg.readUInt16BE(offset);
    offset += 2;
    const columns: Relation['columns'] = [];
    for (let i = 0; i < count; i++) {
      const key = msg[offset] === 1;
      offset += 1;
      const name = cstr();
      const typeOid = msg.readUInt32BE(offset);
      offset += 8; // type oid + type modifier
      columns.push({ name, typeOid, key });
    }
    this.relations.set(id, { id, schema, table, columns });
  }

  #tuple(msg: Buffer, start: number, relation: Relation): { tuple: Tuple; end: number } {
    let offset = start;
    const count = msg.readUInt16BE(offset);
    offset += 2;
    const tuple: Tuple = {};
    for (let i = 0; i < count; i++) {
      const kind = msg[offset];
      offset += 1;
      const name = relation.columns[i]?.name ?? `column${i}`;
      if (kind === 0x6e /* n */) tuple[name] = null;
      else if (kind === 0x74 /* t */) {
        const len = msg.readUInt32BE(offset);
        offset += 4;
        tuple[name] = msg.toString('utf8', offset, offset + len);
        offset += len;
      }
      // 'u': unchanged TOAST value, left out
    }
    return { tuple, end: offset };
  }
}
