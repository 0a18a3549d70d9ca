/**
 * postgres_changes to many subscribers: past 250 the visibility check is split across connections
 * (realtime/changes.ts, decision 036); every subscriber still gets exactly the rows its policy lets it
 * see, and subscribers are checked once per distinct (role, claims), never once per user. Raw sockets,
 * on a stack with a large plan's limits so 300 sockets may join at once.
 */
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RunningStack } from '../src/index.ts';
import { startTestStack } from '../src/testing.ts';
import { signToken, sleep } from './realtime-helpers.ts';

const SOCKETS = 300;
let stack: RunningStack;
let sql: postgres.Sql;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  stack = await startTestStack({
    workdir: fileURLToPath(new URL('./fixtures/project', import.meta.url)),
    realtimeLimits: { maxConcurrentUsers: 1000, maxJoinsPerSecond: 2500 },
  });
  sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  await sql`create table public.fanout (id bigint generated always as identity primary key, audience text not null)`;
  await sql`alter table public.fanout enable row level security`;
  await sql`create policy "audience reads" on public.fanout for select to authenticated
    using (audience = (select auth.jwt() ->> 'group'))`;
  await sql`grant select on public.fanout to authenticated`;
  await sql`alter publication supabase_realtime add table public.fanout`;
});

afterAll(async () => {
  for (const ws of sockets) ws.terminate();
  await sql?.end();
  await stack?.stop();
});

/** Opens a vsn 1.0.0 socket, joins `topic` for INSERTs on public.fanout as `token`; `got` collects audiences. */
async function subscribe(topic: string, token: string, got: string[]): Promise<void> {
  const ws = new WebSocket(
    `${stack.apiUrl.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stack.anonKey}&vsn=1.0.0`,
  );
  sockets.push(ws);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const { event, payload } = JSON.parse(String(data));
      if (event === 'system' && payload.extension === 'postgres_changes') {
        if (payload.status === 'ok') resolve();
        else reject(new Error(payload.message));
      }
      if (event === 'postgres_changes') got.push(payload.data.record.audience);
    });
    ws.send(
      JSON.stringify({
        topic,
        event: 'phx_join',
        ref: '1',
        join_ref: '1',
        payload: {
          config: { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'fanout' }] },
          access_token: token,
        },
      }),
    );
  });
}

/** Waits until every subscriber has its expected count, then a moment more for any event that should not come. */
async function settle(received: string[][], expected: (i: number) => string[]): Promise<void> {
  const done = () => received.every((got, i) => got.length >= expected(i).length);
  for (let wait = 0; wait < 200 && !done(); wait++) await sleep(50);
  await sleep(300);
}

it('delivers each change to exactly the subscribers whose policy lets them see it', async () => {
  const received: string[][] = [];
  const join = (i: number) => {
    const got: string[] = [];
    received[i] = got;
    const token = signToken(stack.jwtSecret, {
      sub: crypto.randomUUID(),
      role: 'authenticated',
      group: i % 3 === 0 ? 'a' : 'b',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    return subscribe(`realtime:fanout-${i}`, token, got);
  };
  for (let i = 0; i < SOCKETS; i += 50) await Promise.all(Array.from({ length: 50 }, (_, k) => join(i + k)));

  await sql`insert into public.fanout (audience) values ('a')`;
  await sql`insert into public.fanout (audience) values ('b')`;
  const expected = (i: number) => (i % 3 === 0 ? ['a'] : ['b']);
  await settle(received, expected);
  for (const [i, got] of received.entries()) expect(got, `subscriber ${i}`).toEqual(expected(i));
  for (const ws of sockets.splice(0)) ws.terminate();
});

// The check runs once per distinct (role, claims): subscribers sharing a token share an answer, but the
// same user with other claims (here the claim the policy reads) is checked on its own.
it('checks the same user with different claims separately', async () => {
  const user = crypto.randomUUID();
  const exp = Math.floor(Date.now() / 1000) + 600;
  const tokenA = signToken(stack.jwtSecret, { sub: user, role: 'authenticated', group: 'a', exp });
  const tokenB = signToken(stack.jwtSecret, { sub: user, role: 'authenticated', group: 'b', exp });
  const tokens = [tokenA, tokenA, tokenB, tokenB, tokenA, tokenB];
  const received = tokens.map(() => [] as string[]);
  await Promise.all(tokens.map((token, i) => subscribe(`realtime:same-user-${i}`, token, received[i]!)));

  await sql`insert into public.fanout (audience) values ('b')`;
  await sql`insert into public.fanout (audience) values ('a')`;
  const expected = (i: number) => (tokens[i] === tokenA ? ['a'] : ['b']);
  await settle(received, expected);
  for (const [i, got] of received.entries()) expect(got, `subscriber ${i}`).toEqual(expected(i));
});
