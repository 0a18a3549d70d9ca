/**
 * @module bench/realtime — Realtime latency through supabase-js against an isolated stack:
 * commit→event for postgres_changes with 1 subscriber and with 100 subscribers (distinct users, half of
 * whom the row's policy lets see it), and broadcast ping→pong round trips between two clients.
 * Clients run in this process, next to the stack, so the numbers include both sides' event-loop time.
 *
 *   node bench/realtime.ts
 */
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { startTestStack } from '../src/testing.ts';
import { Collector, createUser, realtimeClient, subscribed } from '../tests/realtime-helpers.ts';
import { percentileOf as pct } from './lib.ts';

const SAMPLES = Number(process.env.RT_BENCH_SAMPLES ?? 200);

export async function benchRealtime() {
  const workdir = fileURLToPath(new URL('../tests/fixtures/project', import.meta.url));
  const stack = await startTestStack({ workdir });
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  const clients: SupabaseClient[] = [];
  try {
    await sql`create table public.rt_bench (id bigint generated always as identity primary key,
      audience text not null, body text not null)`;
    await sql`alter table public.rt_bench enable row level security`;
    await sql`create policy "audience reads" on public.rt_bench for select to authenticated
      using (audience = (select auth.jwt() ->> 'group'))`;
    await sql`alter publication supabase_realtime add table public.rt_bench`;
    await sql`grant select on public.rt_bench to authenticated`;

    /** Subscribes `n` users (group a for the first half) and returns per-user arrival collectors. */
    const subscribe = async (n: number) => {
      const seen: Collector<{ at: number; commitAge: number }>[] = [];
      for (let i = 0; i < n; i++) {
        const user = await createUser(sql, stack.jwtSecret);
        const now = Math.floor(Date.now() / 1000);
        const { signToken } = await import('../tests/realtime-helpers.ts');
        const token = signToken(stack.jwtSecret, {
          sub: user.id,
          role: 'authenticated',
          group: i < Math.ceil(n / 2) || n === 1 ? 'a' : 'b',
          exp: now + 3600,
        });
        const c = await realtimeClient(stack.apiUrl, stack.anonKey, { token });
        clients.push(c);
        const got = new Collector<{ at: number; commitAge: number }>();
        await subscribed(
          c
            .channel(`bench-${n}-${i}`)
            .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_bench' }, (p) =>
              // commitAge: wall clock at arrival minus the commit's own timestamp (ms resolution).
              got.push({ at: performance.now(), commitAge: Date.now() - Date.parse(p.commit_timestamp) }),
            ),
        );
        seen.push(got);
      }
      return seen;
    };

    /** The INSERT's own round trip (commit included), part of every latency above. */
    const commits: number[] = [];
    const measure = async (seen: Collector<{ at: number; commitAge: number }>[]) => {
      const expected = seen.filter((_, i) => i < Math.ceil(seen.length / 2) || seen.length === 1);
      const latencies: number[] = [];
      const inserts: number[] = [];
      const fromStart: number[] = [];
      for (let k = 0; k < SAMPLES; k++) {
        const t0 = performance.now();
        await sql`insert into public.rt_bench (audience, body) values ('a', 'x')`;
        inserts.push(performance.now() - t0);
        for (const got of expected) {
          const [e] = (await got.until(k + 1)).slice(k);
          latencies.push(e!.commitAge);
          fromStart.push(e!.at - t0);
        }
      }
      commits.push(...inserts);
      return { latencies, fromStart };
    };

    const { latencies: one, fromStart: oneFromStart } = await measure(await subscribe(1));
    for (const c of clients.splice(0)) await c.removeAllChannels();
    const hundredSeen = await subscribe(100);
    const { latencies: hundred, fromStart: hundredFromStart } = await measure(hundredSeen);
    const leaked = hundredSeen.slice(50).reduce((n, c) => n + c.list.length, 0);
    for (const c of clients.splice(0)) await c.removeAllChannels();

    // Broadcast: A pings, B answers, A times the round trip.
    const a = await realtimeClient(stack.apiUrl, stack.anonKey);
    const b = await realtimeClient(stack.apiUrl, stack.anonKey);
    clients.push(a, b);
    const rtt = new Collector<number>();
    const chA = a
      .channel('bench-rtt')
      .on('broadcast', { event: 'pong' }, ({ payload }) => rtt.push(performance.now() - payload.t0));
    const chB = b.channel('bench-rtt');
    chB.on('broadcast', { event: 'ping' }, ({ payload }) => {
      void chB.send({ type: 'broadcast', event: 'pong', payload });
    });
    await subscribed(chA);
    await subscribed(chB);
    for (let k = 0; k < SAMPLES * 2; k++) {
      await chA.send({ type: 'broadcast', event: 'ping', payload: { t0: performance.now() } });
      await rtt.until(k + 1);
    }

    return [
      { name: 'commit→event, 1 subscriber p50', value: pct(one, 50), unit: 'ms', target: '≤ 20' },
      { name: 'commit→event, 1 subscriber p99', value: pct(one, 99), unit: 'ms', target: '≤ 100' },
      { name: 'commit→event, 100 subs (50 see) p50', value: pct(hundred, 50), unit: 'ms', target: '≤ 20' },
      { name: 'commit→event, 100 subs (50 see) p99', value: pct(hundred, 99), unit: 'ms', target: '≤ 100' },
      { name: 'changes leaked to the 50 who may not see', value: leaked, unit: 'events', target: '0' },
      { name: 'insert sent→event, 1 subscriber p50', value: pct(oneFromStart, 50), unit: 'ms', target: '' },
      { name: 'insert sent→event, 100 subs p50', value: pct(hundredFromStart, 50), unit: 'ms', target: '' },
      { name: 'insert sent→event, 100 subs p99', value: pct(hundredFromStart, 99), unit: 'ms', target: '' },
      { name: 'insert round trip (commit incl.) p50', value: pct(commits, 50), unit: 'ms', target: '' },
      { name: 'broadcast round trip p50', value: pct(rtt.list, 50), unit: 'ms', target: '≤ 5' },
      { name: 'broadcast round trip p99', value: pct(rtt.list, 99), unit: 'ms', target: '' },
    ];
  } finally {
    for (const c of clients) await c.removeAllChannels();
    await sql.end();
    await stack.stop();
  }
}

if (import.meta.main) {
  const rows = await benchRealtime();
  for (const r of rows)
    console.log(
      `${r.name.padEnd(42)} ${String(Math.round(Number(r.value) * 100) / 100).padStart(8)} ${r.unit}  (target ${r.target || '-'})`,
    );
  process.exit(0);
}
