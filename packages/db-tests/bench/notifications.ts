/**
 * @module bench/notifications — what the notification and mention triggers add to a comment insert (issue 23's
 * budget: ≤ 2 ms at the median). On its own stack, a task with five watchers; each sample is one comment insert
 * as a signed-in member (role and claims set as PostgREST does), timed inside Postgres, with the triggers on and
 * off in alternating rounds (every sample makes new rows: none to collapse into) so the machine's load falls on both alike. Prints the medians and the difference.
 * Usage: `pnpm --filter @lanes/db-tests bench` (or `node bench/notifications.ts [samples]`).
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startTestStack } from '@lanes/stack/testing';
import postgres from 'postgres';

const SAMPLES = Number(process.argv[2] ?? 300);
const OURS = ['comments_resolve_mentions', 'comments_notify_insert'];

const stack = await startTestStack({ workdir: fileURLToPath(new URL('../../..', import.meta.url)) });
const db = postgres(stack.dbUrl, { max: 2, onnotice: () => {} });

async function user(name: string) {
  const id = randomUUID();
  const email = `${name}-${id.slice(0, 8)}@bench.test`;
  await db`insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email}, now(), now(), now())`;
  return { id, email, handle: email.split('@')[0]! };
}

async function world() {
  const people = [
    await user('author'),
    ...(await Promise.all([1, 2, 3, 4, 5].map((i) => user(`watcher${i}`)))),
  ];
  const [ws] =
    await db`insert into public.workspaces (slug, name, created_by) values (${`b-${randomUUID().slice(0, 8)}`}, 'Bench', ${people[0]!.id}) returning id`;
  for (const [i, p] of people.entries()) {
    await db`insert into public.workspace_members (workspace_id, user_id, role) values (${ws!.id}, ${p.id}, ${i === 0 ? 'owner' : 'member'})`;
  }
  const [board] =
    await db`insert into public.boards (workspace_id, name) values (${ws!.id}, 'Board') returning id`;
  const [column] =
    await db`insert into public.columns (board_id, name) values (${board!.id}, 'To do') returning id`;
  const [task] =
    await db`insert into public.tasks (board_id, column_id, title, created_by) values (${board!.id}, ${column!.id}, 'T', ${people[0]!.id}) returning id`;
  for (const p of people.slice(1))
    await db`insert into public.task_watchers (task_id, user_id) values (${task!.id}, ${p.id})`;
  return { author: people[0]!, mentioned: people[1]!, task: task!.id as string };
}

/**
 * `n` comment inserts as `author`, timed inside Postgres (clock_timestamp around each statement, its triggers
 * included) so the client's round trip and the loaded machine's scheduling of this process stay out of it.
 */
async function round(author: { id: string; email: string }, task: string, body: string, n: number) {
  let line = '';
  const session = postgres(stack.dbUrl, { max: 1, onnotice: (notice) => (line = notice.message ?? '') });
  const claims = JSON.stringify({ sub: author.id, email: author.email, role: 'authenticated' });
  const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
  await session.unsafe(`
    do $bench$
    declare
      t0 timestamptz;
      samples double precision[] := '{}';
    begin
      for i in 1 .. ${n} loop
        perform set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${literal(claims)}, true);
        t0 := clock_timestamp();
        insert into public.comments (task_id, author_id, body) values (${literal(task)}, ${literal(author.id)}, ${literal(body)});
        samples := samples || extract(epoch from clock_timestamp() - t0) * 1000;
        perform set_config('role', 'postgres', true);
        -- Unread rows would let the next comment collapse into them; every sample pays for new rows instead.
        update public.notifications set read_at = now() where task_id = ${literal(task)} and read_at is null;
        -- One transaction per comment, as over REST (one long one would pile up subtransactions).
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
  const w = await world();
  const cases = { plain: 'Looks good to me, shipping it.', mention: `@${w.mentioned.handle} can you look?` };
  for (const [name, body] of Object.entries(cases)) {
    const on: number[] = [];
    const off: number[] = [];
    await round(w.author, w.task, body, 20); // warm the plans
    for (let r = 0; r < SAMPLES / 25; r++) {
      const enabled = r % 2 === 0;
      for (const trigger of OURS) {
        await db.unsafe(`alter table public.comments ${enabled ? 'enable' : 'disable'} trigger ${trigger}`);
      }
      (enabled ? on : off).push(...(await round(w.author, w.task, body, 25)));
    }
    const p50on = median(on);
    const p50off = median(off);
    console.log(
      `comment insert (${name}), 5 watchers: p50 ${p50on.toFixed(2)} ms with the triggers, ${p50off.toFixed(2)} ms without: +${(p50on - p50off).toFixed(2)} ms (${on.length}+${off.length} samples)`,
    );
  }
  // The figures scale with the machine's load; say what it was.
  console.log(
    `load average during the run: ${loadavg()[0]!.toFixed(1)} (${navigator.hardwareConcurrency} cores)`,
  );
} finally {
  await db.end();
  await stack.stop();
}
