/**
 * @module bench/board-watchers — what telling a board's watchers adds to a task insert (decision 072's update).
 * On its own stack, a board with five watchers (and one with none); each sample is one task insert as a
 * signed-in member (role and claims set as PostgREST does), timed inside Postgres, with the board-watcher
 * trigger on and off in alternating rounds so the machine's load falls on both alike. Prints the medians.
 * Usage: `node bench/board-watchers.ts [samples]`.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startTestStack } from '@lanes/stack/testing';
import postgres from 'postgres';

const SAMPLES = Number(process.argv[2] ?? 200);
const TRIGGER = 'tasks_notify_board_watchers_insert';

const stack = await startTestStack({ workdir: fileURLToPath(new URL('../../..', import.meta.url)) });
const db = postgres(stack.dbUrl, { max: 2, onnotice: () => {} });

async function user(name: string) {
  const id = randomUUID();
  const email = `${name}-${id.slice(0, 8)}@bench.test`;
  await db`insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email}, now(), now(), now())`;
  return { id, email };
}

/** A workspace of six, a board watched by `watchers` of them (not the author), and its column. */
async function world(watchers: number) {
  const people = [await user('author'), ...(await Promise.all([1, 2, 3, 4, 5].map((i) => user(`w${i}`))))];
  const [ws] =
    await db`insert into public.workspaces (slug, name, created_by) values (${`b-${randomUUID().slice(0, 8)}`}, 'Bench', ${people[0]!.id}) returning id`;
  for (const [i, p] of people.entries()) {
    await db`insert into public.workspace_members (workspace_id, user_id, role) values (${ws!.id}, ${p.id}, ${i === 0 ? 'owner' : 'member'})`;
  }
  const [board] =
    await db`insert into public.boards (workspace_id, name) values (${ws!.id}, 'Board') returning id`;
  const [column] =
    await db`insert into public.columns (board_id, name) values (${board!.id}, 'To do') returning id`;
  for (const p of people.slice(1, 1 + watchers))
    await db`insert into public.board_watchers (board_id, user_id) values (${board!.id}, ${p.id})`;
  return { author: people[0]!, board: board!.id as string, column: column!.id as string };
}

/** `n` task inserts as the author, each in its own transaction, timed inside Postgres. */
async function round(w: Awaited<ReturnType<typeof world>>, n: number) {
  let line = '';
  const session = postgres(stack.dbUrl, { max: 1, onnotice: (notice) => (line = notice.message ?? '') });
  const claims = JSON.stringify({ sub: w.author.id, email: w.author.email, role: 'authenticated' });
  await session.unsafe(`
    do $bench$
    declare
      t0 timestamptz;
      samples double precision[] := '{}';
    begin
      for i in 1 .. ${n} loop
        perform set_config('role', 'authenticated', true), set_config('request.jwt.claims', '${claims}', true);
        t0 := clock_timestamp();
        insert into public.tasks (board_id, column_id, title, created_by)
        values ('${w.board}', '${w.column}', 'Bench task', '${w.author.id}');
        samples := samples || extract(epoch from clock_timestamp() - t0) * 1000;
        perform set_config('role', 'postgres', true);
        commit;
      end loop;
      raise notice '%', array_to_string(samples, ',');
    end
    $bench$`);
  await session.end();
  return line.split(',').map(Number);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

try {
  for (const watchers of [0, 5]) {
    const w = await world(watchers);
    const on: number[] = [];
    const off: number[] = [];
    await round(w, 20); // warm the plans
    for (let r = 0; r < SAMPLES / 25; r++) {
      const enabled = r % 2 === 0;
      await db.unsafe(`alter table public.tasks ${enabled ? 'enable' : 'disable'} trigger ${TRIGGER}`);
      (enabled ? on : off).push(...(await round(w, 25)));
    }
    await db.unsafe(`alter table public.tasks enable trigger ${TRIGGER}`);
    const p50on = median(on);
    const p50off = median(off);
    console.log(
      `task insert, board with ${watchers} watchers: p50 ${p50on.toFixed(2)} ms with the trigger, ${p50off.toFixed(2)} ms without: +${(p50on - p50off).toFixed(2)} ms (${on.length}+${off.length} samples)`,
    );
  }
  console.log(
    `load average during the run: ${loadavg()[0]!.toFixed(1)} (${navigator.hardwareConcurrency} cores)`,
  );
} finally {
  await db.end();
  await stack.stop();
}
