/** @module tests/helpers/faults — what every Postgres-kill test checks afterwards, shared by the embedded and external cases. */
import postgres from 'postgres';
import { expect } from 'vitest';
import { sleep } from '../realtime-helpers.ts';

/** Every write the stack acknowledged (`n` from `from` up) is in the table `rt_ticks` of `dbUrl`. */
export async function expectAcknowledgedRows(dbUrl: string, from: number, acknowledged: number[]) {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ n: number }[]>`select n from public.rt_ticks where n >= ${from}`;
    const present = new Set(rows.map((r) => r.n));
    expect(acknowledged.filter((n) => !present.has(n))).toEqual([]);
  } finally {
    await sql.end();
  }
}

/** Waits (at most 15 s) for Realtime's log line that replication has a new slot. */
export async function expectReplicationReconnected(logs: string[]) {
  const reconnected = () => logs.includes('[realtime] replication reconnected');
  for (let i = 0; i < 300 && !reconnected(); i++) await sleep(50);
  expect(reconnected(), logs.join('\n')).toBe(true);
}
