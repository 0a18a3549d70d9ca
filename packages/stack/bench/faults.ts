/**
 * @module bench/faults — how long the stack needs to answer again after its Postgres is killed
 * (`kill -9` of the postmaster): the supervisor starts it again, crash recovery runs, and REST, Auth and
 * Storage reconnect. Measured from the kill to the moment all three answer 200.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startTestStack } from '../src/testing.ts';
import { median } from './lib.ts';
import type { BenchRow } from './start.ts';

const FIXTURE = fileURLToPath(new URL('../tests/fixtures/project', import.meta.url));
const RUNS = 3;

export async function benchFaults(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-faults-'));
  const stack = await startTestStack({ workdir: FIXTURE, dataDir });
  const headers = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` };
  const paths = [
    '/rest/v1/rt_ticks?select=id&limit=1',
    '/auth/v1/admin/users?per_page=1',
    '/storage/v1/bucket',
  ];
  const allAnswer = async () => {
    const answers = await Promise.all(
      paths.map((path) =>
        fetch(`${stack.apiUrl}${path}`, { headers, signal: AbortSignal.timeout(5000) }).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          () => 0,
        ),
      ),
    );
    return answers.every((status) => status === 200);
  };
  const pidFile = join(dataDir, 'db', 'postmaster.pid');
  const postmaster = () => {
    try {
      return Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    } catch {
      return 0; // being rewritten by the new server
    }
  };
  const times: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const pid = postmaster();
      const killed = performance.now();
      process.kill(pid, 'SIGKILL');
      // Wait until the old server is really gone, so the first probe cannot reach it.
      while (postmaster() === pid || postmaster() === 0) await sleep(5);
      while (!(await allAnswer())) await sleep(10);
      times.push(performance.now() - killed);
    }
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return [
    {
      name: 'postgres kill -9 → every service answering, median',
      value: median(times),
      unit: 'ms',
      target: '≤ 2000',
    },
    { name: 'postgres kill -9 → every service answering, worst', value: Math.max(...times), unit: 'ms' },
  ];
}
