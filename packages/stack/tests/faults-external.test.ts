/**
 * A stack started against an external database (`dbUrl`, the CLI's --db-url) when that Postgres dies
 * (`kill -9`) and comes back later: the stack does not restart it (decision 055), answers REST with
 * PostgREST's 503 meanwhile, and reconnects by itself once it is back: REST answers, every acknowledged
 * row is there, and a Realtime subscriber receives changes again. The "external" server is a second
 * embedded Postgres this test starts, kills and starts again on the same port.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { type PostgresServer, startPostgres } from '../src/postgres/server.ts';
import { createFromTemplate } from '../src/postgres/template.ts';
import { freePort, startTestStack } from '../src/testing.ts';
import { expectAcknowledgedRows, expectReplicationReconnected } from './helpers/faults.ts';
import { Collector, sleep } from './realtime-helpers.ts';

const workdir = fileURLToPath(new URL('./fixtures/project', import.meta.url));
const externalDir = mkdtempSync(join(tmpdir(), 'stack-external-db-'));
const clusterDir = join(externalDir, 'db');
let port: number;
let external: PostgresServer;
let stack: RunningStack;
const logs: string[] = [];

beforeAll(async () => {
  port = await freePort();
  await createFromTemplate(clusterDir);
  external = await startPostgres({ dataDir: clusterDir, port });
  stack = await startTestStack({
    workdir,
    dbUrl: external.url,
    log: (service, line) => logs.push(`[${service}] ${line}`),
  });
});

afterAll(async () => {
  await stack?.stop();
  await external?.stop();
  rmSync(externalDir, { recursive: true, force: true });
});

it('answers 503 while the external database is away and reconnects when it is back, losing no acknowledged row', async () => {
  const admin = {
    apikey: stack.serviceRoleKey,
    authorization: `Bearer ${stack.serviceRoleKey}`,
    'content-type': 'application/json',
  };
  const insert = async (n: number) => {
    const res = await fetch(`${stack.apiUrl}/rest/v1/rt_ticks`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ n }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  };

  const supabase = createClient(stack.apiUrl, stack.serviceRoleKey);
  const changes = new Collector<{ new: { n: number } }>();
  await new Promise<void>((resolve, reject) => {
    supabase
      .channel('external-ticks')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_ticks' }, changes.push)
      .subscribe((status) => (status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(status)));
  });

  // Two writers; a row counts once REST acknowledged it with 201. Every request must be answered.
  const acknowledged: number[] = [];
  const refused: { status: number; body: Record<string, unknown> }[] = [];
  let next = 2_000_000;
  let writing = true;
  const writers = Array.from({ length: 2 }, async () => {
    while (writing) {
      const n = next++;
      const answer = await insert(n);
      if (answer.status === 201) acknowledged.push(n);
      else {
        refused.push(answer);
        await sleep(20);
      }
    }
  });
  while (acknowledged.length < 50) await sleep(10);

  const pid = Number(readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(pid, 'SIGKILL');
  await external.exited;
  // Away for a while: nobody restarts an external database but its owner.
  const before = refused.length;
  while (refused.length < before + 5) await sleep(20);
  const down = await fetch(`${stack.apiUrl}/rest/v1/rt_ticks?select=id&limit=1`, { headers: admin });
  expect(down.status).toBe(503);
  expect((await down.json()).code).toBe('PGRST001');

  external = await startPostgres({ dataDir: clusterDir, port });
  let answer = await insert(42);
  for (let i = 0; i < 200 && answer.status !== 201; i++) {
    await sleep(50);
    answer = await insert(42);
  }
  expect(answer.status, JSON.stringify(answer)).toBe(201);
  writing = false;
  await Promise.all(writers);

  for (const r of refused) {
    expect(r.status, JSON.stringify(r)).toBe(503);
    expect(r.body.code).toBe('PGRST001');
  }
  await expectAcknowledgedRows(external.url, 2000000, acknowledged);

  // Realtime: replication reconnects to the external server with a new slot, and the subscriber that
  // kept its channel receives changes committed after that.
  await expectReplicationReconnected(logs);
  expect((await insert(4242)).status).toBe(201);
  const arrived = () => changes.list.some((change) => change.new.n === 4242);
  for (let i = 0; i < 300 && !arrived(); i++) await sleep(50);
  expect(arrived()).toBe(true);
  await supabase.removeAllChannels();
}, 120_000);
