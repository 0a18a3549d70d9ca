/**
 * @module support/db — run SQL against the test stack's database the way PostgREST does: inside a
 * transaction, as a role, with a user's JWT claims; plus the seeded cast and fresh fixtures.
 */
import { randomUUID } from 'node:crypto';
import { stackEnv } from '@lanes/stack/testing';
import postgres from 'postgres';

/** The superuser pool (bypasses RLS): fixtures and checks of what really changed. */
export const db = postgres(stackEnv().dbUrl, { max: 24, onnotice: () => {} });

export type Tx = postgres.TransactionSql;

export interface User {
  id: string;
  email: string;
}

class Rollback extends Error {}

interface AsOptions {
  /** Commit instead of rolling back (fixtures shared between transactions, concurrency tests). */
  commit?: boolean;
}

/**
 * Runs `fn` in a transaction as `user` (role `authenticated` with `sub`/`email` claims), or as
 * `anon` when `user` is null, and rolls back unless `commit` is set — so tests on the seed leave
 * it as it was.
 * Example: const rows = await asUser(carol, (tx) => tx`select * from public.tasks`);
 */
export async function asUser<T>(user: User | null, fn: (tx: Tx) => Promise<T>, options: AsOptions = {}) {
  const role = user ? 'authenticated' : 'anon';
  const claims = user ? { sub: user.id, email: user.email, role, aud: 'authenticated' } : { role: 'anon' };
  return inTransaction(role, claims, fn, options);
}

/** Like `asUser`, as the service role (what edge functions use). */
export async function asService<T>(fn: (tx: Tx) => Promise<T>, options: AsOptions = {}) {
  return inTransaction('service_role', { role: 'service_role' }, fn, options);
}

async function inTransaction<T>(
  role: string,
  claims: object,
  fn: (tx: Tx) => Promise<T>,
  options: AsOptions,
): Promise<T> {
  let result: T | undefined;
  try {
    await db.begin(async (tx) => {
      await tx`select set_config('role', ${role}, true),
                      set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)`;
      result = await fn(tx);
      if (!options.commit) throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result as T;
}

// ---------------------------------------------------------------------------
// The seeded cast (supabase/seed.sql)
// ---------------------------------------------------------------------------
export const alice: User = { id: '11111111-1111-4111-8111-111111111111', email: 'alice@lanes.test' };
export const bob: User = { id: '22222222-2222-4222-8222-222222222222', email: 'bob@lanes.test' };
export const carol: User = { id: '33333333-3333-4333-8333-333333333333', email: 'carol@lanes.test' };
export const dave: User = { id: '44444444-4444-4444-8444-444444444444', email: 'dave@lanes.test' };
export const erin: User = { id: '55555555-5555-4555-8555-555555555555', email: 'erin@lanes.test' };

export const acme = {
  id: 'a0000000-0000-4000-8000-000000000001',
  board: 'b0000000-0000-4000-8000-000000000001',
  todo: 'c0000000-0000-4000-8000-000000000011',
  doing: 'c0000000-0000-4000-8000-000000000012',
  done: 'c0000000-0000-4000-8000-000000000013',
  bugLabel: 'd0000000-0000-4000-8000-000000000011',
} as const;

export const globex = {
  id: 'a0000000-0000-4000-8000-000000000002',
  board: 'b0000000-0000-4000-8000-000000000003',
} as const;

/** Acme's members by role, and someone from another workspace. */
export const cast = { owner: alice, admin: bob, member: carol, viewer: dave, outsider: erin } as const;
export type CastRole = keyof typeof cast;

/** The id of a seeded task on Acme's "Product launch" board, by title. */
export async function seededTask(title: string): Promise<string> {
  const [row] = await db<{ id: string }[]>`select id from public.tasks where title = ${title}`;
  if (!row) throw new Error(`no seeded task "${title}"`);
  return row.id;
}

// ---------------------------------------------------------------------------
// Fresh fixtures (committed; unique names so tests never collide)
// ---------------------------------------------------------------------------

/** A new confirmed auth user (its profile comes from the trigger). */
export async function createUser(name = 'user'): Promise<User> {
  const id = randomUUID();
  const email = `${name}-${id.slice(0, 8)}@lanes.test`;
  await db`
    insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_user_meta_data, created_at, updated_at)
    values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email}, now(),
            ${db.json({ display_name: name })}, now(), now())`;
  return { id, email };
}

export interface Workspace {
  id: string;
  slug: string;
  board: string;
  todo: string;
  doing: string;
  done: string;
}

/** A new workspace with the given members (the first owner creates it), one board and three columns. */
export async function createWorkspace(
  members: Partial<Record<'owner' | 'admin' | 'member' | 'viewer', User>>,
) {
  const owner = members.owner ?? (await createUser('owner'));
  const slug = `ws-${randomUUID().slice(0, 12)}`;
  const [ws] = await db<{ id: string }[]>`
    insert into public.workspaces (slug, name, created_by) values (${slug}, ${slug}, ${owner.id}) returning id`;
  const id = ws!.id;
  for (const [role, user] of Object.entries({ ...members, owner })) {
    await db`insert into public.workspace_members (workspace_id, user_id, role) values (${id}, ${user.id}, ${role}::public.workspace_role)`;
  }
  const [board] = await db<{ id: string }[]>`
    insert into public.boards (workspace_id, name, created_by) values (${id}, 'Board', ${owner.id}) returning id`;
  const columns: string[] = [];
  for (const [name, isDone] of [
    ['To do', false],
    ['Doing', false],
    ['Done', true],
  ] as const) {
    const [column] = await db<{ id: string }[]>`
      insert into public.columns (board_id, name, is_done) values (${board!.id}, ${name}, ${isDone}) returning id`;
    columns.push(column!.id);
  }
  return { id, slug, board: board!.id, todo: columns[0]!, doing: columns[1]!, done: columns[2]!, owner };
}

/** Inserts tasks titled `prefix 1..n` at the end of a column, in order; returns their ids. */
export async function createTasks(ws: Workspace, column: string, n: number, prefix = 'Task') {
  const ids: string[] = [];
  for (let i = 1; i <= n; i++) {
    const [task] = await db<{ id: string }[]>`
      insert into public.tasks (board_id, column_id, title) values (${ws.board}, ${column}, ${`${prefix} ${i}`}) returning id`;
    ids.push(task!.id);
  }
  return ids;
}

/** Task titles of a column in board order. */
export async function columnTitles(column: string): Promise<string[]> {
  const rows = await db<{ title: string }[]>`
    select title from public.tasks where column_id = ${column} order by position`;
  return rows.map((r) => r.title);
}

/** A 64-character hex token hash, as the invite function stores it. */
export function tokenHash(): string {
  return randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
}
