/**
 * Realtime across a stack restart: a supabase-js client stays connected in spirit — when the stack stops
 * and starts again on the same ports and data, the client reconnects and rejoins by itself, and its
 * postgres_changes and broadcast subscriptions work again (a fresh replication slot, as the old one was
 * temporary).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { startTestStack } from '../src/testing.ts';
import { freePort } from '../src/util/ports.ts';
import { Collector, realtimeClient, sleep } from './realtime-helpers.ts';

const workdir = fileURLToPath(new URL('./fixtures/project', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'stack-rt-restart-'));
let stack: RunningStack | undefined;

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: payloads are asserted field by field
type Payload = any;

it('the client reconnects and rejoins after the stack restarts on the same ports', async () => {
  const ports = { api: await freePort(), db: await freePort(), inbox: await freePort() };
  stack = await startTestStack({ workdir, dataDir, ports });
  const client = await realtimeClient(stack.apiUrl, stack.anonKey);
  const changes = new Collector<Payload>();
  const statuses: string[] = [];
  const channel = client
    .channel('restart')
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_ticks' }, changes.push)
    .subscribe((status) => statuses.push(status));
  const waitFor = async (check: () => boolean, ms = 20_000) => {
    for (let t = 0; t < ms && !check(); t += 50) await sleep(50);
    expect(check()).toBe(true);
  };
  await waitFor(() => statuses.includes('SUBSCRIBED'));

  const insert = async (n: number) => {
    const sql = postgres(stack!.dbUrl, { max: 1, onnotice: () => {} });
    await sql`insert into public.rt_ticks (n) values (${n})`;
    await sql.end();
  };
  await insert(1);
  await changes.until(1);

  await stack.stop();
  await waitFor(() => channel.state !== 'joined');
  stack = await startTestStack({ workdir, dataDir, ports });
  await waitFor(() => channel.state === 'joined', 30_000);
  await insert(2);
  const got = await changes.until(2, 10_000);
  expect(got.map((p) => p.new.n)).toEqual([1, 2]);
  await client.removeAllChannels();
}, 120_000);
