/**
 * @module bench/search — how fast `search_workspace` answers on a big workspace (issue 24's budget: p95 ≤ 50 ms
 * on 10,000 tasks and 50,000 comments). On its own stack, one workspace of 5 boards is seeded in SQL with
 * tasks and comments drawn from a vocabulary with a long tail (a common word in ~3% of comments and ~6% of
 * tasks, a rarer one in a few hundred texts); each sample is one search as a signed-in member (role and claims set
 * as PostgREST does), timed
 * from the client over the local socket, for a mix of what people type: a common word, a rare word, a
 * fragment, a typo, two words, a phrase, a word found only in comments, filters, and hostile input.
 * Usage: `pnpm --filter @lanes/db-tests bench` (or `node bench/search.ts [rounds]`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { startTestStack } from '@lanes/stack/testing';
import postgres from 'postgres';

const ROUNDS = Number(process.argv[2] ?? 20);
const TASKS = 10_000;
const COMMENTS = 50_000;

const stack = await startTestStack({ workdir: fileURLToPath(new URL('../../..', import.meta.url)) });
const COMMON = (
  'deploy release invoice login bug crash design review sprint backlog customer report export import billing ' +
  'payment search filter mobile android ios server database migration cache timeout retry email notification ' +
  'onboarding signup password reset dashboard chart metric alert monitor security audit permission role admin ' +
  'member invite workspace board column label priority friday monday urgent blocked waiting approved rejected ' +
  'draft final copy translation french german spanish legal contract vendor budget quarter roadmap feedback ' +
  'survey interview test'
).split(' ');
const VOCABULARY = `array[${COMMON.map((w) => `'${w}'`).join(',')}]`;
/** The n-th rarer word: seven letters from the md5 of n, in SQL (`rareSql`) and here (`rare`) for the queries. */
const rareSql = (n: string) => `substr(translate(md5((${n})::text), '0123456789', 'ghijklmnop'), 1, 7)`;
const rare = (n: number) =>
  createHash('md5')
    .update(String(n))
    .digest('hex')
    .replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]!)
    .slice(0, 7);
const db = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });

/** One workspace with an owner and a member, 5 boards of 4 columns, tasks and comments; returns ids. */
async function seed() {
  const owner = randomUUID();
  const member = randomUUID();
  for (const [id, name] of [
    [owner, 'owner'],
    [member, 'member'],
  ] as const) {
    await db`insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, created_at, updated_at)
             values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated',
                     ${`${name}-${id.slice(0, 8)}@bench.test`}, now(), now(), now())`;
  }
  const [ws] = await db`insert into public.workspaces (slug, name, created_by)
                        values (${`s-${owner.slice(0, 8)}`}, 'Search bench', ${owner}) returning id`;
  await db`insert into public.workspace_members (workspace_id, user_id, role)
           values (${ws!.id}, ${owner}, 'owner'), (${ws!.id}, ${member}, 'member')`;
  // Only the search documents' triggers run while seeding (numbers and positions are written here; no
  // notifications or activity): the bench measures reads.
  await db.begin(async (tx) => {
    await tx`alter table public.tasks disable trigger user`;
    await tx`alter table public.comments disable trigger user`;
    await tx`alter table public.tasks enable trigger tasks_keep_search_document`;
    await tx`alter table public.comments enable trigger comments_keep_search_document`;
    await tx`select setseed(0.24)`;
    await tx.unsafe(`
      create temporary table boards_seed on commit drop as
        select gen_random_uuid() as id, b from generate_series(1, 5) b;
      insert into public.boards (id, workspace_id, name) select id, '${ws!.id}', 'Board ' || b from boards_seed;
      insert into public.columns (id, board_id, name, position, is_done)
        select gen_random_uuid(), s.id, 'Column ' || c, chr(64 + c), c = 4 from boards_seed s, generate_series(1, 4) c;
    `);
    // Each word: 15% from the common list (each of its words is in about 3% of comments and 6% of tasks), the
    // rest from 4,000 rarer made-up words of seven letters.
    const words = (count: string) => `(select string_agg(case when random() < 0.15
        then (${VOCABULARY})[1 + floor(random() * ${COMMON.length})::int + g * 0]
        else ${rareSql('1 + floor(random() * 4000)::int + g * 0')} end, ' ')
      from generate_series(1, ${count}) g)`;
    await tx.unsafe(`
      insert into public.tasks (id, board_id, column_id, number, title, description, position, created_by, completed_at)
      select gen_random_uuid(), c.board_id, c.id, i, ${words('3 + (i % 6)')}, coalesce(${words('(i % 80)')}, ''),
             'a' || lpad(i::text, 6, '0') || 'V', '${owner}', case when c.is_done then now() end
      from generate_series(1, ${TASKS}) i
      join lateral (
        select col.id, col.board_id, col.is_done from public.columns col
        join boards_seed s on s.id = col.board_id
        where s.b = 1 + (i % 5) and col.position = chr(65 + (i / 5) % 4) and i > 0
      ) c on true;
      update public.tasks set archived_at = now() where number % 20 = 0 and created_by = '${owner}';
      create temporary table task_seed on commit drop as
        select number as n, id from public.tasks where created_by = '${owner}';
      create index on task_seed (n);
      insert into public.comments (task_id, author_id, body)
      select t.id, '${member}', ${words('5 + (k % 25)')}
      from generate_series(1, ${COMMENTS}) k
      join task_seed t on t.n = 1 + (k % ${TASKS});
      -- One word written only in a comment, on one task.
      insert into public.comments (task_id, author_id, body)
      select id, '${member}', 'the zanzibar handover is on thursday' from public.tasks
      where created_by = '${owner}' and number = 4242;
      alter table public.tasks enable trigger user;
      alter table public.comments enable trigger user;
      analyze public.tasks; analyze public.comments;
      analyze private.task_search_documents; analyze private.comment_search_documents;
    `);
  });
  const [board] = await db`select id from public.boards where workspace_id = ${ws!.id} order by name limit 1`;
  return { workspace: ws!.id as string, member, board: board!.id as string };
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

try {
  const world = await seed();
  const claims = JSON.stringify({ sub: world.member, role: 'authenticated' });
  const cases: Record<string, { q: string; filters?: string }> = {
    'common word': { q: 'deploy' },
    'rare word': { q: rare(3217) },
    fragment: { q: 'depl' },
    typo: { q: 'relese' },
    'two words': { q: 'invoice friday' },
    phrase: { q: '"security audit"' },
    'only in a comment': { q: 'zanzibar' },
    'with filters': { q: 'billing', filters: `, filter_board => '${world.board}', filter_done => false` },
    'archived too': { q: 'customer', filters: ', filter_archived => null' },
    'operators and quotes': { q: `"unclosed -" or or ' & | ! :* <-> (()` },
    'non-Latin': { q: 'Привет 東京' },
    '500 characters': { q: 'deploy '.repeat(72).slice(0, 500) },
  };
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  const counts: Record<string, number> = {};
  for (let round = -2; round < ROUNDS; round++) {
    for (const [name, { q, filters = '' }] of Object.entries(cases)) {
      const elapsed = await db.begin(async (tx) => {
        await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`;
        const started = performance.now();
        const rows = await tx.unsafe(
          `select task_id from public.search_workspace($1, $2${filters}, max_results => 50)`,
          [world.workspace, q],
        );
        counts[name] = rows.length;
        return performance.now() - started;
      });
      if (round >= 0) samples[name]!.push(elapsed);
    }
  }
  const all = Object.values(samples).flat();
  for (const [name, xs] of Object.entries(samples)) {
    console.log(
      `search ${name.padEnd(22)} p50 ${percentile(xs, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(xs, 0.95).toFixed(1).padStart(6)} ms  (${counts[name]} results)`,
    );
  }
  console.log(
    `search, ${TASKS.toLocaleString('en-US')} tasks and ${COMMENTS.toLocaleString('en-US')} comments: p50 ${percentile(all, 0.5).toFixed(1)} ms, p95 ${percentile(all, 0.95).toFixed(1)} ms over ${all.length} searches (budget: p95 ≤ 50 ms)`,
  );
} finally {
  await db.end();
  await stack.stop();
}
