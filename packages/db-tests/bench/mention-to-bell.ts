/**
 * @module bench/mention-to-bell — the write path of a comment with a mention, end to end without a browser: carol
 * inserts "@alice …" over REST (supabase-js, as the app's server does) while alice's client listens on her private
 * channel `user:<uuid>:notifications`; teammates' sessions (bob, carol and dave, signed in `followers` times in
 * turn) follow the task's rows (postgres_changes on comments and tasks, as open panels do), so the transaction
 * also carries changes Realtime must check for each of those sessions.
 * Prints p50/p95 of: the insert's answer, the broadcast's arrival (both from the moment the request left), and
 * how long after the answer the broadcast came; and, from Postgres' function statistics over the same inserts,
 * the mean time of the two notification triggers (resolving the mention, notifying). For their p50 against a
 * comment without them, see bench/notifications.ts. Usage: `node bench/mention-to-bell.ts [rounds] [followers]`.
 */
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startTestStack } from '@lanes/stack/testing';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import postgres from 'postgres';

const ROUNDS = Number(process.argv[2] ?? 60);
const FOLLOWERS = Number(process.argv[3] ?? 12);
const ALICE = '11111111-1111-4111-8111-111111111111';
const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

const stack = await startTestStack({ workdir: fileURLToPath(new URL('../../..', import.meta.url)) });
const db = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });

async function signIn(email: string): Promise<SupabaseClient> {
  const client = createClient(stack.apiUrl, stack.anonKey, options);
  const { error } = await client.auth.signInWithPassword({ email, password: 'password123' });
  if (error) throw error;
  return client;
}

/** Resolves once `channel` reports SUBSCRIBED; a refusal or timeout is an error. */
function joined(channel: ReturnType<SupabaseClient['channel']>): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status !== 'CLOSED') reject(error ?? new Error(status));
    });
  });
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
const summary = (xs: number[]) =>
  `p50 ${percentile(xs, 50).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms`;

/** The notification triggers' functions, and the trigger each one runs for. */
const TRIGGERS = {
  'private.resolve_comment_mentions': 'comments_resolve_mentions (before insert)',
  'private.after_comment_insert': 'comments_notify_insert (after insert)',
};

/**
 * Mean time per call of each trigger function since the statistics were reset, once every backend has reported
 * `calls` calls (backends flush their counts when idle, within a few seconds).
 */
async function triggerTimes(calls: number): Promise<Record<string, number>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = await db<{ name: string; calls: number; ms: number }[]>`
      select schemaname || '.' || funcname as name, calls::int, total_time / nullif(calls, 0) as ms
      from pg_stat_user_functions where schemaname || '.' || funcname = any (${Object.keys(TRIGGERS)})`;
    if (rows.length === Object.keys(TRIGGERS).length && rows.every((r) => r.calls >= calls))
      return Object.fromEntries(rows.map((r) => [r.name, r.ms]));
    if (Date.now() > deadline) throw new Error('the function statistics never reached the rounds made');
    await new Promise((r) => setTimeout(r, 200));
  }
}

try {
  // A throwaway stack: count PL/pgSQL calls in every session, the REST pool's included.
  await db`alter system set track_functions = 'pl'`;
  await db`select pg_reload_conf()`;
  const [task] = await db<{ id: string }[]>`
    select t.id from public.tasks t join public.boards b on b.id = t.board_id
    where b.name = 'Product launch' and t.archived_at is null order by t.position limit 1`;
  const alice = await signIn('alice@lanes.test');
  const carol = await signIn('carol@lanes.test');
  await alice.realtime.setAuth();
  await carol.realtime.setAuth();

  let bellAt = 0;
  let waiting: (() => void) | null = null;
  const bell = alice.channel(`user:${ALICE}:notifications`, { config: { private: true } });
  bell.on('broadcast', { event: 'notification' }, () => {
    bellAt = performance.now();
    waiting?.();
  });
  await joined(bell);
  // Each sign-in is a session with its own claims, which Realtime checks apart from the others.
  const followers: SupabaseClient[] = [];
  for (let i = 0; i < FOLLOWERS; i++) {
    const follower = await signIn(`${['bob', 'carol', 'dave'][i % 3]}@lanes.test`);
    await follower.realtime.setAuth();
    const panel = follower.channel(`bench-task:${task!.id}`);
    for (const table of ['comments', 'tasks'])
      panel.on(
        'postgres_changes',
        {
          event: '*',
          schema: 'public',
          table,
          filter: `${table === 'tasks' ? 'id' : 'task_id'}=eq.${task!.id}`,
        },
        () => {},
      );
    await joined(panel);
    followers.push(follower);
  }

  const answers: number[] = [];
  const bells: number[] = [];
  const afterAnswer: number[] = [];
  for (let i = 0; i < ROUNDS + 5; i++) {
    bellAt = 0;
    const rang = new Promise<void>((resolve, reject) => {
      waiting = resolve;
      setTimeout(() => reject(new Error('no bell within 10 s')), 10_000).unref();
    });
    const sent = performance.now();
    const { error } = await carol
      .from('comments')
      .insert({ task_id: task!.id, body: `@alice round ${i + 1}, have a look` })
      .select()
      .single();
    if (error) throw error;
    const answered = performance.now();
    await rang;
    // The first rounds warm plans and connections; the statistics count from the first measured one.
    if (i < 5) {
      if (i === 4) await db`select pg_stat_reset()`;
      continue;
    }
    answers.push(answered - sent);
    bells.push(bellAt - sent);
    afterAnswer.push(bellAt - answered);
  }
  console.log(
    `comment with a mention over REST, ${ROUNDS} rounds, ${FOLLOWERS} sessions following the task:`,
  );
  console.log(`  sent → insert answered   ${summary(answers)}`);
  console.log(`  sent → bell broadcast    ${summary(bells)}`);
  console.log(`  answered → bell          ${summary(afterAnswer)} (negative: the bell came first)`);
  const times = await triggerTimes(ROUNDS);
  for (const [name, trigger] of Object.entries(TRIGGERS))
    console.log(`  trigger ${trigger.padEnd(42)} mean ${times[name]!.toFixed(2)} ms a comment`);
  const sum = Object.values(times).reduce((a, b) => a + b, 0);
  console.log(`  both notification triggers                        mean ${sum.toFixed(2)} ms a comment`);
  console.log(`load average: ${loadavg()[0]!.toFixed(1)} (${navigator.hardwareConcurrency} cores, shared)`);
  for (const client of [alice, ...followers]) await client.removeAllChannels();
} finally {
  await db.end();
  await stack.stop();
}
