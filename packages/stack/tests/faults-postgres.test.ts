/**
 * Postgres killed (`kill -9` of the postmaster) under a running stack while clients write: the stack stays
 * up, answers each service's 503 while the database is away, starts Postgres again by itself, and then
 * every acknowledged write is there and Realtime subscribers receive changes again.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { startTestStack } from '../src/testing.ts';
import { isProcessRunning } from '../src/util/process.ts';
import { expectAcknowledgedRows, expectReplicationReconnected } from './helpers/faults.ts';
import { Collector, sleep } from './realtime-helpers.ts';

const workdir = fileURLToPath(new URL('./fixtures/project', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'stack-pg-kill-'));
let stack: RunningStack;
const logs: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({
    workdir,
    dataDir,
    log: (service, line) => logs.push(`[${service}] ${line}`),
  });
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const postmaster = () => Number(readFileSync(join(dataDir, 'db', 'postmaster.pid'), 'utf8').split('\n')[0]);

interface Answer {
  service: string;
  status: number;
  body: Record<string, unknown>;
}

/** The 503 each real service answers while its database is unreachable or recovering. */
function isServiceUnavailable({ service, status, body }: Answer): boolean {
  if (status !== 503) return false;
  if (service === 'rest') return body.code === 'PGRST001';
  if (service === 'auth') return body.code === 503 && body.error_code === 'unexpected_failure';
  return body.statusCode === '503' && body.error === 'Service Unavailable';
}

describe('Postgres dies under the stack', () => {
  it('answers 503 while it is away, brings it back, and loses no acknowledged write', async () => {
    const admin = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` };
    /**
     * One request; status 0 when no answer came within 10 s, which fails the test below: a request in
     * flight at the moment of the kill gets its 503 (or its 201 when it committed), never silence.
     */
    const call = async (service: string, path: string, init: RequestInit = {}): Promise<Answer> => {
      try {
        const res = await fetch(`${stack.apiUrl}${path}`, {
          ...init,
          headers: { ...admin, 'content-type': 'application/json', ...init.headers },
          signal: AbortSignal.timeout(10_000),
        });
        const text = await res.text();
        return { service, status: res.status, body: text ? JSON.parse(text) : {} };
      } catch (error) {
        if ((error as Error).name !== 'TimeoutError') throw error;
        return { service, status: 0, body: {} };
      }
    };
    const probes = {
      rest: () => call('rest', '/rest/v1/rt_ticks?select=id&limit=1'),
      auth: () => call('auth', '/auth/v1/admin/users?per_page=1'),
      storage: () => call('storage', '/storage/v1/bucket'),
    };

    const supabase = createClient(stack.apiUrl, stack.serviceRoleKey);
    const changes = new Collector<{ new: { n: number } }>();
    await new Promise<void>((resolve, reject) => {
      supabase
        .channel('ticks')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_ticks' }, changes.push)
        .subscribe((status) => (status === 'SUBSCRIBED' ? resolve() : status !== 'CLOSED' && reject(status)));
    });

    // Four writers insert through REST; a row counts only once the API acknowledged it with 201.
    const acknowledged: number[] = [];
    const refusals: Answer[] = [];
    let next = 1_000_000;
    let writing = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const n = next++;
        const answer = await call('rest', '/rest/v1/rt_ticks', {
          method: 'POST',
          body: JSON.stringify({ n }),
        }).catch(
          // A failed exchange (reset, broken connection) is no acknowledgement, and no 503 either.
          (error: Error): Answer => ({ service: 'rest', status: -1, body: { error: error.message } }),
        );
        if (answer.status === 201) acknowledged.push(n);
        else refusals.push(answer);
        if (answer.status !== 201) await sleep(20);
      }
    });
    while (acknowledged.length < 100) await sleep(10);

    const killed = postmaster();
    process.kill(killed, 'SIGKILL');
    // While Postgres is away or recovering, each service answers its own 503 (or, once back, 200).
    const during: Answer[] = [];
    for (let round = 0; round < 3; round++) {
      during.push(...(await Promise.all(Object.values(probes).map((probe) => probe()))));
    }
    // Every service answers again without anyone restarting anything.
    for (const probe of Object.values(probes)) {
      let answer = await probe();
      for (let i = 0; i < 300 && answer.status !== 200; i++) {
        during.push(answer);
        await sleep(100);
        answer = await probe();
      }
      expect(answer.status, JSON.stringify(answer)).toBe(200);
    }
    writing = false;
    await Promise.all(writers);

    expect(postmaster()).not.toBe(killed);
    expect(isProcessRunning(postmaster())).toBe(true);
    expect(logs).toContain(
      '[postgres] postgres exited unexpectedly; starting it again (crash recovery replays the WAL)',
    );
    for (const answer of [...during, ...refusals]) {
      if (answer.status !== 200) {
        expect(isServiceUnavailable(answer), JSON.stringify(answer)).toBe(true);
      }
    }
    // The kill landed while writes were in flight, and each of them was answered.
    expect(refusals.filter((answer) => answer.service === 'rest').length).toBeGreaterThan(0);

    await expectAcknowledgedRows(stack.dbUrl, 1000000, acknowledged);

    // The subscriber's channel is back: once replication has its new slot, a change committed reaches
    // it (what was committed while the slot was gone is not replayed, as with the real Realtime).
    await expectReplicationReconnected(logs);
    const after = await call('rest', '/rest/v1/rt_ticks', {
      method: 'POST',
      body: JSON.stringify({ n: 42 }),
    });
    expect(after.status).toBe(201);
    const arrived = () => changes.list.some((change) => change.new.n === 42);
    for (let i = 0; i < 300 && !arrived(); i++) await sleep(50);
    expect(arrived()).toBe(true);
    await supabase.removeAllChannels();
  }, 120_000);
});
