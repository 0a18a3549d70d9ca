/**
 * Read policies answer once per statement, not once per row (decision 144). Postgres counts the calls of each
 * function within the transaction (`track_functions`, `pg_stat_get_xact_function_calls`): reading 20 rows of
 * each table must call the policy helpers a fixed number of times, and never the per-row helpers the old
 * policies called. Put `is_member(workspace_id)` back on boards, or `has_task_role` on comments, and the
 * counts follow the rows.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { createTasks, createUser, createWorkspace, db, type User, type Workspace } from './support/db.ts';

// Attachments per task stop at 20 (SPEC §9); twenty rows of each table is plenty to tell per-row from per-statement.
const ROWS = 20;
const HELPERS = [
  'is_member(uuid)',
  'workspace_role(uuid)',
  'has_task_role(uuid, public.workspace_role)',
  'shares_workspace_with(uuid)',
  'my_workspace_ids(public.workspace_role)',
  'my_teammate_ids()',
  'my_board_ids(public.workspace_role)',
] as const;
type Helper = (typeof HELPERS)[number];

/** Runs `query` as `user` and answers how many rows it read and how often each helper ran for it. */
async function callsFor(user: User, query: (tx: typeof db) => Promise<readonly unknown[]>) {
  let answer: { rows: number; calls: Record<Helper, number> } | undefined;
  await db
    .begin(async (tx) => {
      // Counting is a superuser setting: set it before becoming the caller.
      await tx`set local track_functions = 'all'`;
      await tx`select set_config('role', 'authenticated', true),
                      set_config('request.jwt.claims', ${JSON.stringify({ sub: user.id, role: 'authenticated' })}, true)`;
      const rows = await query(tx as unknown as typeof db);
      await tx`reset role`;
      const calls = {} as Record<Helper, number>;
      for (const helper of HELPERS) {
        const [row] = await tx<{ calls: string | null }[]>`
          select pg_stat_get_xact_function_calls(${`public.${helper}`}::regprocedure) as calls`;
        calls[helper] = Number(row?.calls ?? 0);
      }
      answer = { rows: rows.length, calls };
      throw new Error('rollback');
    })
    .catch((error: Error) => {
      if (error.message !== 'rollback') throw error;
    });
  return answer!;
}

describe('read policies run their helpers once per statement', () => {
  let ws: Workspace;
  let member: User;
  let task: string;
  beforeAll(async () => {
    member = await createUser('member');
    ws = await createWorkspace({ member });
    const people = await Promise.all(Array.from({ length: ROWS - 2 }, () => createUser('teammate')));
    for (const person of people) {
      await db`insert into public.workspace_members (workspace_id, user_id, role) values (${ws.id}, ${person.id}, 'viewer')`;
    }
    const tasks = await createTasks(ws, ws.todo, ROWS);
    task = tasks[0]!;
    for (let i = 0; i < ROWS; i += 1) {
      await db`insert into public.comments (task_id, author_id, body) values (${task}, ${member.id}, ${`Comment ${i}`})`;
      await db`insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes, uploaded_by)
               values (${task}, ${`${ws.id}/${task}/${i}/f.pdf`}, 'f.pdf', 'application/pdf', 10, ${member.id})`;
    }
    await db`insert into public.boards (workspace_id, name, created_by)
             select ${ws.id}, 'Board ' || n, ${member.id} from generate_series(2, ${ROWS}) n`;
  });

  test.each([
    [
      'workspace members',
      (tx: typeof db) => tx`select * from public.workspace_members where workspace_id = ${ws.id}`,
    ],
    [
      'their profiles',
      (tx: typeof db) =>
        tx`select p.* from public.profiles p join public.workspace_members m on m.user_id = p.id where m.workspace_id = ${ws.id}`,
    ],
    ['boards', (tx: typeof db) => tx`select * from public.boards where workspace_id = ${ws.id}`],
    ['activity', (tx: typeof db) => tx`select * from public.activity where workspace_id = ${ws.id}`],
    ['comments', (tx: typeof db) => tx`select * from public.comments where task_id = ${task}`],
    ['attachments', (tx: typeof db) => tx`select * from public.attachments where task_id = ${task}`],
  ])('%s', async (_, query) => {
    const { rows, calls } = await callsFor(member, query);
    expect(rows).toBeGreaterThanOrEqual(ROWS);
    expect(calls['is_member(uuid)']).toBe(0);
    expect(calls['workspace_role(uuid)']).toBe(0);
    expect(calls['has_task_role(uuid, public.workspace_role)']).toBe(0);
    expect(calls['shares_workspace_with(uuid)']).toBe(0);
    for (const helper of HELPERS) expect(calls[helper], helper).toBeLessThanOrEqual(2);
  });

  test('the sets answer about the caller only', async () => {
    const outsider = await createUser('outsider');
    const sets = async (user: User) =>
      (await callsFor(user, (tx) => tx`select public.my_workspace_ids('viewer') as id`)).rows;
    expect(await sets(member)).toBe(1);
    expect(await sets(outsider)).toBe(0);
    const [teammates] = await db<{ n: number }[]>`
      select count(*)::int as n from public.workspace_members where workspace_id = ${ws.id}`;
    const seen = await callsFor(member, (tx) => tx`select public.my_teammate_ids() as id`);
    expect(seen.rows).toBe(teammates!.n);
    expect((await callsFor(outsider, (tx) => tx`select public.my_teammate_ids() as id`)).rows).toBe(0);
  });
});
