/**
 * @module realtime/changes — turns committed transactions into `postgres_changes` pushes: match each change
 * against every subscriber's bindings (schema, table, event, filters), then ask Postgres which of them may
 * see it (`realtime.stack_changes`, selecting the row as each subscriber) and push in commit order.
 * Inserts into realtime.messages (from `realtime.send()`) are handed to `db-broadcasts`, which sends them
 * without waiting for the checks of postgres_changes.
 */
import type { Sql } from 'postgres';
import type { Logger } from '../context.ts';
import { stackEnvironment } from '../env.ts';
import { DatabaseBroadcasts, isMessage, xidVisibleIn } from './db-broadcasts.ts';
import { tupleMatches } from './filters.ts';
import type { Hub, Member } from './hub.ts';
import type { Change, Transaction, Tuple } from './pgoutput.ts';
import { encodePush } from './protocol.ts';

/** A subscriber's identity as the check sends it, serialised once per identity. */
interface CheckedIdentity {
  role: string;
  claims: string;
  /** `claims.sub` as text, so the check does not parse the claims again for `request.jwt.claim.sub`. */
  sub: string;
}
const identityCache = new WeakMap<object, { identity: CheckedIdentity; key: string }>();
function identityOf(member: Member): { identity: CheckedIdentity; key: string } {
  let entry = identityCache.get(member.who);
  if (entry === undefined) {
    const claims = JSON.stringify(member.who.claims);
    const sub = member.who.claims.sub;
    const identity = {
      role: member.who.role,
      claims,
      sub: typeof sub === 'string' ? sub : sub == null ? '' : JSON.stringify(sub),
    };
    // The check's only inputs are the role, the claims and the row: equal role and claims text, equal answer.
    entry = { identity, key: `${member.who.role}\u0000${claims}` };
    identityCache.set(member.who, entry);
  }
  return entry;
}

/** Changes per round trip to Postgres; keeps one call's latency bounded during bursts. */
const MAX_BATCH = 500;
/**
 * The visibility check runs as each subscriber, one after another inside one call; past this many
 * subscribers the batch is split across connections of the pool, which Postgres runs on separate cores.
 * Two calls measured best on a 2-core machine, three or four were slower (figures in decision 036); the
 * pool keeps its other connections for joins.
 */
const SUBS_PER_CALL = 250;
const PARALLEL = 2;
const JSON_TYPES = new Set(['json', 'jsonb']);
/** Re-checks of a row (or a commit) not visible yet, 2 ms apart, before taking it as gone. */
const RETRIES = 25;
/** With STACK_DEBUG set, each delivery logs where its time went (commit → decoded → checked → pushed). */
const TIMING = stackEnvironment().STACK_DEBUG;

interface CheckResult {
  record: unknown;
  old_record: unknown;
  visible: number[];
  present: boolean;
  errors: string[] | null;
}

interface Delivery {
  change: Change;
  commitTimestamp: string;
  /** Matched members and, per member, the ids of its bindings that matched. */
  targets: { member: Member; ids: number[] }[];
}

export class ChangeDispatcher {
  readonly #sql: Sql;
  readonly #hub: Hub;
  readonly #log: Logger;
  readonly #ack: (lsn: bigint) => void;
  readonly #queue: Transaction[] = [];
  #draining = false;
  #types = new Map<number, string>();
  readonly #received = new WeakMap<Transaction, number>();
  readonly #broadcasts: DatabaseBroadcasts;

  constructor(sql: Sql, hub: Hub, log: Logger, ack: (lsn: bigint) => void) {
    this.#sql = sql;
    this.#hub = hub;
    this.#log = log;
    this.#ack = ack;
    this.#broadcasts = new DatabaseBroadcasts(hub, xidVisibleIn(sql), log);
  }

  enqueue(tx: Transaction): void {
    if (TIMING) this.#received.set(tx, performance.now());
    // Hosted Realtime streams broadcasts from the database on their own replication connection, apart from
    // postgres_changes (polled, then checked per subscriber): a broadcast never waits for a row's check, and
    // a bell rang by a trigger arrives as the transaction commits (decision 079).
    this.#broadcasts.enqueue(tx);
    this.#queue.push(tx);
    if (!this.#draining) void this.#drain();
  }

  async #drain(): Promise<void> {
    this.#draining = true;
    try {
      while (this.#queue.length) {
        const txs: Transaction[] = [];
        let size = 0;
        while (this.#queue.length && (size === 0 || size + this.#queue[0]!.changes.length <= MAX_BATCH)) {
          const tx = this.#queue.shift()!;
          size += tx.changes.length;
          txs.push(tx);
        }
        try {
          await this.#deliver(txs);
        } catch (error) {
          this.#log('realtime', `postgres_changes delivery failed: ${(error as Error).message}`);
        }
        this.#ack(txs[txs.length - 1]!.endLsn);
      }
    } finally {
      this.#draining = false;
    }
  }

  async #typeName(oid: number): Promise<string> {
    if (!this.#types.has(oid)) {
      const rows = await this.#sql<{ oid: number; typname: string }[]>`select oid::int, typname from pg_type`;
      this.#types = new Map(rows.map((r) => [r.oid, r.typname]));
    }
    return this.#types.get(oid) ?? 'text';
  }

  async #deliver(txs: Transaction[]): Promise<void> {
    const deliveries: Delivery[] = [];
    for (const tx of txs) {
      const commitTimestamp = tx.commitTime.toISOString();
      for (const change of tx.changes) {
        // Broadcasts went to db-broadcasts on enqueue.
        if (isMessage(change)) continue;
        const types = new Map<string, string>();
        for (const c of change.relation.columns) types.set(c.name, await this.#typeName(c.typeOid));
        const targets = this.#match(change, types);
        if (targets.length) deliveries.push({ change, commitTimestamp, targets });
      }
    }
    const checking = performance.now();
    const results = deliveries.length ? await this.#check(deliveries) : [];
    const checked = performance.now();
    for (const [i, delivery] of deliveries.entries()) this.#push(delivery, results[i]!);
    if (TIMING && deliveries.length) this.#timing(txs, deliveries, results, checking, checked);
  }

  #timing(
    txs: Transaction[],
    deliveries: Delivery[],
    results: CheckResult[],
    checking: number,
    checked: number,
  ) {
    const received = this.#received.get(txs[0]!) ?? checking;
    const wall = performance.timeOrigin + received;
    const ms = (n: number) => n.toFixed(1);
    this.#log(
      'realtime',
      `postgres_changes timing: commit→received ${ms(wall - txs[0]!.commitTime.getTime())} ms, ` +
        `received→check ${ms(checking - received)} ms, check ${ms(checked - checking)} ms ` +
        `(${deliveries.reduce((n, d) => n + d.targets.length, 0)} subs, ` +
        `${results.reduce((n, r) => n + r.visible.length, 0)} visible), push ${ms(performance.now() - checked)} ms`,
    );
  }

  #match(change: Change, types: Map<string, string>): Delivery['targets'] {
    const { schema, table } = change.relation;
    const targets: Delivery['targets'] = [];
    for (const member of this.#hub.changeMembers) {
      const ids: number[] = [];
      for (const { id, spec } of member.bindings) {
        if (spec.schema !== '*' && spec.schema !== schema) continue;
        if (spec.table !== '*' && spec.table !== table) continue;
        if (spec.event !== '*' && spec.event !== change.type) continue;
        const ok =
          tupleMatches(spec.filters, change.record, types) ||
          (change.type === 'DELETE' && tupleMatches(spec.filters, change.old, types));
        if (ok && !ids.includes(id)) ids.push(id);
      }
      if (ids.length) targets.push({ member, ids });
    }
    return targets;
  }

  /**
   * Typed records and, per change, the subscribers who may see it: one round trip per batch, or a few
   * in parallel when many subscribers must be checked (each part carries a slice of a change's subs).
   */
  async #check(deliveries: Delivery[]): Promise<CheckResult[]> {
    const parts: { delivery: number; offset: number; item: Record<string, unknown> }[] = [];
    /** Per delivery, per target: the index of its identity among those sent (each distinct one once). */
    const identityOfTarget: number[][] = [];
    let subs = 0;
    for (const [index, { change, targets }] of deliveries.entries()) {
      const base: Record<string, unknown> = { relid: change.relation.id, type: change.type };
      if (change.xid !== undefined) base.xid = change.xid;
      if (change.record) base.record = await this.#jsonValues(change, change.record);
      if (change.old) base.old = await this.#jsonValues(change, change.old);
      const all: CheckedIdentity[] = [];
      const seen = new Map<string, number>();
      identityOfTarget.push(
        targets.map(({ member }) => {
          const { identity, key } = identityOf(member);
          let at = seen.get(key);
          if (at === undefined) {
            at = all.push(identity) - 1;
            seen.set(key, at);
          }
          return at;
        }),
      );
      subs += all.length;
      for (let offset = 0; offset === 0 || offset < all.length; offset += SUBS_PER_CALL)
        parts.push({
          delivery: index,
          offset,
          item: { ...base, subs: all.slice(offset, offset + SUBS_PER_CALL) },
        });
    }
    const calls = Math.max(1, Math.min(PARALLEL, Math.ceil(subs / SUBS_PER_CALL)));
    const groups: (typeof parts)[] = Array.from({ length: calls }, () => []);
    // Spread the parts so each call checks about as many subscribers as the others.
    const load = new Array<number>(calls).fill(0);
    for (const part of parts) {
      const g = load.indexOf(Math.min(...load));
      groups[g]!.push(part);
      load[g]! += (part.item.subs as unknown[]).length + 1;
    }
    const answers = await Promise.all(
      groups.map((g) => (g.length ? this.#checkParts(g.map((p) => p.item)) : [])),
    );
    const results: CheckResult[] = deliveries.map(() => ({
      record: null,
      old_record: null,
      visible: [],
      present: true,
      errors: null,
    }));
    groups.forEach((g, gi) => {
      g.forEach((part, k) => {
        const r = answers[gi]![k]!;
        const merged = results[part.delivery]!;
        if (part.offset === 0)
          Object.assign(merged, { record: r.record, old_record: r.old_record, errors: r.errors });
        merged.present &&= r.present;
        merged.visible.push(...r.visible.map((v) => v + part.offset));
      });
    });
    // Back from identities to subscribers: each target whose identity may see the row.
    results.forEach((r, d) => {
      const seeing = new Set(r.visible);
      r.visible = identityOfTarget[d]!.flatMap((identity, target) => (seeing.has(identity) ? [target] : []));
    });
    return results;
  }

  /** One call for these items; a row not found yet is asked for again briefly. */
  async #checkParts(batch: Record<string, unknown>[]): Promise<CheckResult[]> {
    const results = await this.#call(batch);
    // A row not found yet, or a commit not yet visible to new snapshots (the walsender can ship it a moment
    // before), is asked for again briefly.
    for (let attempt = 0; attempt < RETRIES; attempt++) {
      const missing = results.flatMap((r, i) => (r.present === false ? [i] : []));
      if (!missing.length) break;
      await new Promise((r) => setTimeout(r, 2));
      const again = await this.#call(missing.map((i) => batch[i]!));
      missing.forEach((i, k) => {
        results[i] = again[k]!;
      });
    }
    return results;
  }

  /**
   * One statement, so one round trip: its implicit transaction scopes the function's local
   * `set_config(role/claims)` calls, which end with it.
   */
  async #call(batch: Record<string, unknown>[]): Promise<CheckResult[]> {
    const [row] = await this.#sql<
      { r: CheckResult[] }[]
    >`select realtime.stack_changes(${this.#sql.json(batch as never)}) as r`;
    return row!.r;
  }

  /** json/jsonb values go in parsed, so jsonb_populate_record keeps them as documents. */
  async #jsonValues(change: Change, tuple: Tuple): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const c of change.relation.columns) {
      if (!(c.name in tuple)) continue;
      const v = tuple[c.name];
      out[c.name] =
        v !== null && v !== undefined && JSON_TYPES.has(await this.#typeName(c.typeOid)) ? JSON.parse(v) : v;
    }
    return out;
  }

  #push(d: Delivery, result: CheckResult): void {
    const { change } = d;
    const columns = change.relation.columns.map((c) => ({
      name: c.name,
      type: this.#types.get(c.typeOid) ?? 'text',
    }));
    const data: Record<string, unknown> = {
      schema: change.relation.schema,
      table: change.relation.table,
      commit_timestamp: d.commitTimestamp,
      type: change.type,
      columns,
      errors: result.errors,
    };
    if (!result.errors) {
      if (change.type !== 'DELETE') data.record = result.record ?? {};
      if (change.type !== 'INSERT') data.old_record = result.old_record ?? {};
    }
    // Every subscriber's frame differs only in its topic (and the ids of its matching bindings): the
    // payload is serialised once per ids list, and each frame is spliced around it (encodePush), so the fan-out does no per-subscriber JSON work beyond the topic string.
    const payloads = new Map<string, string>();
    for (const index of result.visible) {
      const target = d.targets[index];
      if (!target || !this.#hub.changeMembers.has(target.member)) continue;
      const { member, ids } = target;
      const idsKey = ids.join(',');
      let payload = payloads.get(idsKey);
      if (payload === undefined) {
        payload = JSON.stringify({ ids, data });
        payloads.set(idsKey, payload);
      }
      member.sendEncoded(encodePush(member.topic, 'postgres_changes', payload, member.vsn));
    }
  }
}
