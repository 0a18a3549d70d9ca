/**
 * Concurrent writes end consistent: moves into one column queue on its lock and get distinct keys;
 * twenty simultaneous accepts of one invitation make one membership. Each call is its own
 * connection and transaction, as concurrent PostgREST requests are.
 */
import { describe, expect, test } from 'vitest';
import {
  asService,
  asUser,
  columnTitles,
  createTasks,
  createUser,
  createWorkspace,
  db,
  tokenHash,
} from './support/db.ts';

describe('concurrency', () => {
  test('two users moving tasks to the same spot of one column at once both land, in a consistent order', async () => {
    const member = await createUser('member');
    const ws = await createWorkspace({ member });
    const [first, second] = await createTasks(ws, ws.todo, 2, 'Anchor');
    const movers = await createTasks(ws, ws.doing, 2, 'Mover');
    // Both place their task between Anchor 1 and Anchor 2, as each of them sees the column.
    await Promise.all([
      asUser(
        ws.owner,
        (tx) => tx`select * from public.move_task(${movers[0]!}, ${ws.todo}, ${first!}, ${second!})`,
        { commit: true },
      ),
      asUser(
        member,
        (tx) => tx`select * from public.move_task(${movers[1]!}, ${ws.todo}, ${first!}, ${second!})`,
        { commit: true },
      ),
    ]);
    const titles = await columnTitles(ws.todo);
    expect(titles).toHaveLength(4);
    expect(titles[0]).toBe('Anchor 1');
    expect(titles[3]).toBe('Anchor 2');
    expect(new Set(titles.slice(1, 3))).toEqual(new Set(['Mover 1', 'Mover 2']));
    const keys =
      await db`select count(distinct position)::int as n from public.tasks where column_id = ${ws.todo}`;
    expect(keys[0]!.n).toBe(4);
  });

  test('ten tasks moved concurrently to the end of a column all land, each with its own key', async () => {
    const ws = await createWorkspace({});
    const tasks = await createTasks(ws, ws.todo, 10);
    await Promise.all(
      tasks.map((task) =>
        asUser(ws.owner, (tx) => tx`select * from public.move_task(${task}, ${ws.done}, null, null)`, {
          commit: true,
        }),
      ),
    );
    const rows = await db`select count(*)::int as n, count(distinct position)::int as keys,
                                 count(*) filter (where completed_at is not null)::int as completed
                          from public.tasks where column_id = ${ws.done}`;
    expect(rows[0]).toEqual({ n: 10, keys: 10, completed: 10 });
  });

  test('concurrent task creation numbers every task once', async () => {
    const ws = await createWorkspace({});
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        asUser(
          ws.owner,
          (tx) => tx`insert into public.tasks (board_id, column_id, title, created_by)
                     values (${ws.board}, ${ws.todo}, ${`Parallel ${i}`}, ${ws.owner.id})`,
          { commit: true },
        ),
      ),
    );
    const numbers = await db`select number from public.tasks where board_id = ${ws.board} order by number`;
    expect(numbers.map((n) => n.number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  test('20 concurrent accept_invitation calls create one membership; the others get INVITE_USED', async () => {
    const ws = await createWorkspace({});
    const invitee = await createUser('invitee');
    const hash = tokenHash();
    await db`insert into public.invitations (workspace_id, email, token_hash) values (${ws.id}, ${invitee.email}, ${hash})`;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        asService((tx) => tx`select public.accept_invitation(${hash}, ${invitee.id}, ${invitee.email})`, {
          commit: true,
        }),
      ),
    );
    const failures = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason.message);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(failures).toEqual(Array(19).fill('INVITE_USED'));
    const members =
      await db`select count(*)::int as n from public.workspace_members where workspace_id = ${ws.id} and user_id = ${invitee.id}`;
    expect(members[0]!.n).toBe(1);
  });
});
