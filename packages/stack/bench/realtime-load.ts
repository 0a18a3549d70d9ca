/**
 * @module bench/realtime-load — Realtime under load (issue 10): (a) REST p99 at rest and during a
 * broadcast flood from 1,000 sockets (a child process: 10 rooms of 100, 50 broadcasts each over 10 s),
 * under the CLI's tenant limits and under a large hosted plan's; (b) postgres_changes to 1,000
 * subscribers, half of whom the row's policy lets see it: insert sent → event received.
 *
 *   node bench/realtime-load.ts          (or: node bench/run.ts realtime-load)
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import type { RealtimeLimits } from '../src/realtime/limits.ts';
import { startTestStack } from '../src/testing.ts';
import { signToken } from '../tests/realtime-helpers.ts';
import { percentileOf as pct, round } from './lib.ts';
import type { BenchRow } from './start.ts';

const FIXTURE = fileURLToPath(new URL('../tests/fixtures/project', import.meta.url));
const FLOOD = { sockets: 1000, rooms: 10, perSocket: 50, seconds: 10 };
const SUBSCRIBERS = Number(process.env.RT_LOAD_SUBSCRIBERS ?? 1000);
const CHANGES = Number(process.env.RT_LOAD_CHANGES ?? 100);
/** A hosted plan's quotas (Team): enough for 1,000 sockets to join at once. */
const LARGE_PLAN: Partial<RealtimeLimits> = {
  maxConcurrentUsers: 10_000,
  maxEventsPerSecond: 2_500,
  maxJoinsPerSecond: 2_500,
};

/** Sequential keep-alive GETs until `stop()` is true (at least `min`); latencies in ms. */
async function probe(url: string, headers: Record<string, string>, stop: () => boolean, min = 0) {
  const latencies: number[] = [];
  while (latencies.length < min || !stop()) {
    const t0 = performance.now();
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) }).catch(() => null);
    await res?.arrayBuffer();
    latencies.push(performance.now() - t0);
  }
  return latencies;
}

async function flood(label: string, limits: Partial<RealtimeLimits>): Promise<BenchRow[]> {
  const stack = await startTestStack({ workdir: FIXTURE, realtimeLimits: limits });
  const headers = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` };
  const rest = `${stack.apiUrl}/rest/v1/rt_ticks?select=id&limit=1`;
  const ws = `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`;
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(new URL('./flood-client.ts', import.meta.url)),
      ws,
      ...[FLOOD.sockets, FLOOD.rooms, FLOOD.perSocket, FLOOD.seconds].map(String),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => JSON.parse(String((await lines.next()).value)) as Record<string, number>;
  try {
    const joined = await next();
    const atRest = await probe(rest, headers, () => true, 300);
    child.stdin!.write('go\n');
    let sent: Record<string, number> | null = null;
    const sending = next().then((s) => {
      sent = s;
    });
    const flooded = await probe(rest, headers, () => sent !== null, 50);
    await sending;
    child.stdin!.write('done\n');
    const done = await next();
    return [
      { name: `flood (${label}): REST p99 at rest`, value: round(pct(atRest, 99)), unit: 'ms' },
      { name: `flood (${label}): REST p99 under flood`, value: round(pct(flooded, 99)), unit: 'ms' },
      {
        name: `flood (${label}): under flood ÷ at rest (p99)`,
        value: round(pct(flooded, 99) / pct(atRest, 99)),
        unit: '×',
        target: '≤ 3',
      },
      { name: `flood (${label}): REST max under flood`, value: round(Math.max(...flooded)), unit: 'ms' },
      { name: `flood (${label}): REST requests during flood`, value: flooded.length, unit: '' },
      { name: `flood (${label}): joins refused`, value: joined.refusedJoins ?? 0, unit: '' },
      { name: `flood (${label}): broadcasts delivered`, value: done.received ?? 0, unit: '' },
      { name: `flood (${label}): channels shut down`, value: done.closedChannels ?? 0, unit: '' },
      { name: `flood (${label}): sending took`, value: round(sent!.ms ?? 0), unit: 'ms' },
    ];
  } finally {
    child.kill();
    await stack.stop();
  }
}

export async function benchBroadcastFlood(): Promise<BenchRow[]> {
  return [...(await flood('CLI limits', {})), ...(await flood('large plan', LARGE_PLAN))];
}

export async function benchChangesFanout(): Promise<BenchRow[]> {
  const stack = await startTestStack({ workdir: FIXTURE, realtimeLimits: LARGE_PLAN });
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  // The subscribers live in a child process (bench/changes-client.ts): with them in this process, their
  // 1,000 sockets' receive work lands on the stack's event loop and in the numbers.
  const child = spawn(process.execPath, [fileURLToPath(new URL('./changes-client.ts', import.meta.url))], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async (phase: string) => {
    for (;;) {
      const line = await lines.next();
      if (line.done) throw new Error(`changes client exited before '${phase}'`);
      const message = JSON.parse(String(line.value)) as {
        phase: string;
        k?: number;
        times?: number[];
        leaked?: number;
      };
      if (message.phase === phase) return message;
    }
  };
  try {
    await sql`create table public.rt_load (id bigint generated always as identity primary key,
      audience text not null, body text not null)`;
    await sql`alter table public.rt_load enable row level security`;
    await sql`create policy "audience reads" on public.rt_load for select to authenticated
      using (audience = (select auth.jwt() ->> 'group'))`;
    await sql`alter publication supabase_realtime add table public.rt_load`;
    await sql`grant select on public.rt_load to authenticated`;

    const url = `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`;
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const sees = Array.from({ length: SUBSCRIBERS }, (_, i) => i % 2 === 0);
    const tokens = sees.map((s) =>
      signToken(stack.jwtSecret, {
        sub: crypto.randomUUID(),
        role: 'authenticated',
        group: s ? 'a' : 'b',
        exp,
      }),
    );
    child.stdin!.write(`${JSON.stringify({ url, tokens, sees })}\n`);
    await next('joined');

    const all: number[] = [];
    const last: number[] = [];
    let leaked = 0;
    for (let k = 0; k < CHANGES; k++) {
      child.stdin!.write(`${k}\n`);
      await next('ready');
      // Arrival times come from the child on the same clock (time origin + monotonic now).
      const t0 = performance.timeOrigin + performance.now();
      await sql`insert into public.rt_load (audience, body) values ('a', ${String(k)})`;
      const got = await Promise.race([
        next('change'),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`change ${k} not delivered`)), 30_000),
        ),
      ]);
      const times = got.times!.map((t) => t - t0);
      leaked = got.leaked!;
      all.push(...times);
      last.push(Math.max(...times));
      // Let the stack settle between changes, as changes at a human pace would.
      await new Promise((r) => setTimeout(r, 20));
    }
    return [
      {
        name: `changes, ${SUBSCRIBERS} subs (half see): insert→event p50`,
        value: round(pct(all, 50)),
        unit: 'ms',
      },
      {
        name: `changes, ${SUBSCRIBERS} subs (half see): insert→event p99`,
        value: round(pct(all, 99)),
        unit: 'ms',
        target: '≤ 50',
      },
      {
        name: `changes, ${SUBSCRIBERS} subs: insert→last subscriber p99`,
        value: round(pct(last, 99)),
        unit: 'ms',
      },
      {
        name: `changes, ${SUBSCRIBERS} subs: events leaked to those who may not see`,
        value: leaked,
        unit: '',
        target: '0',
      },
    ];
  } finally {
    child.stdin!.end('done\n');
    child.kill();
    await sql.end();
    await stack.stop();
  }
}

if (import.meta.main) {
  const which = process.argv[2];
  const rows = [
    ...(which === 'changes' ? [] : await benchBroadcastFlood()),
    ...(which === 'flood' ? [] : await benchChangesFanout()),
  ];
  for (const r of rows)
    console.log(`${r.name.padEnd(58)} ${String(r.value).padStart(9)} ${r.unit}  ${r.target ?? ''}`);
  process.exit(0);
}
