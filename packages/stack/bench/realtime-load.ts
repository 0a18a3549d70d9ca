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
import { WebSocket } from 'ws';
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
  const sockets: WebSocket[] = [];
  try {
    await sql`create table public.rt_load (id bigint generated always as identity primary key,
      audience text not null, body text not null)`;
    await sql`alter table public.rt_load enable row level security`;
    await sql`create policy "audience reads" on public.rt_load for select to authenticated
      using (audience = (select auth.jwt() ->> 'group'))`;
    await sql`alter publication supabase_realtime add table public.rt_load`;
    await sql`grant select on public.rt_load to authenticated`;

    const url = `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=2.0.0`;
    const arrivals: number[][] = Array.from({ length: CHANGES }, () => []);
    let leaked = 0;
    let current = -1;
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const subscribe = async (i: number) => {
      const ws = new WebSocket(url);
      sockets.push(ws);
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      const sees = i % 2 === 0;
      const token = signToken(stack.jwtSecret, {
        sub: crypto.randomUUID(),
        role: 'authenticated',
        group: sees ? 'a' : 'b',
        exp,
      });
      await new Promise<void>((resolve, reject) => {
        ws.on('message', (data) => {
          const at = performance.now();
          const text = String(data);
          // Changes come one at a time (the next insert waits for every arrival), so an event belongs to
          // `current`: no JSON parsing here, which would add this process's work to later arrivals.
          if (text.includes('"postgres_changes",{"ids"')) {
            if (!sees) leaked++;
            else arrivals[current]?.push(at);
            return;
          }
          const [, , , event, payload] = JSON.parse(text);
          if (event === 'system' && payload.extension === 'postgres_changes') {
            if (payload.status === 'ok') resolve();
            else reject(new Error(payload.message));
          }
        });
        const changes = [{ event: 'INSERT', schema: 'public', table: 'rt_load' }];
        ws.send(
          JSON.stringify([
            '1',
            '1',
            `realtime:load-${i}`,
            'phx_join',
            { config: { postgres_changes: changes }, access_token: token },
          ]),
        );
      });
    };
    for (let i = 0; i < SUBSCRIBERS; i += 50)
      await Promise.all(Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, (_, k) => subscribe(i + k)));

    const seeing = Math.ceil(SUBSCRIBERS / 2);
    const all: number[] = [];
    const last: number[] = [];
    for (let k = 0; k < CHANGES; k++) {
      current = k;
      const t0 = performance.now();
      await sql`insert into public.rt_load (audience, body) values ('a', ${String(k)})`;
      while (arrivals[k]!.length < seeing) {
        if (performance.now() - t0 > 30_000) throw new Error(`change ${k}: ${arrivals[k]!.length}/${seeing}`);
        await new Promise((r) => setTimeout(r, 1));
      }
      const times = arrivals[k]!.map((t) => t - t0);
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
    for (const ws of sockets) ws.terminate();
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
