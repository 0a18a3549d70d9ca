/**
 * Two co-owners deleting their accounts at once (issue 26, decision 070). The delete-account function calls
 * `delete_account_prepare` and then deletes the auth user; the second prepare used to pass too (the other
 * owner was still there) and the second auth deletion then failed in the membership cascade (a 500). Now the
 * first prepare takes its owner out under the workspace lock, so the second is refused with LAST_OWNER.
 */
import { describe, expect, test } from 'vitest';
import { asService, createUser, createWorkspace, db } from './support/db.ts';

const prepare = (userId: string) =>
  asService((tx) => tx`select public.delete_account_prepare(${userId}) as id`, { commit: true });

describe('account deletion', () => {
  test("the second co-owner's prepare is refused with LAST_OWNER once the first has passed", async () => {
    const first = await createUser('first-owner');
    const second = await createUser('second-owner');
    const member = await createUser('member');
    const ws = await createWorkspace({ owner: first, member });
    await db`insert into public.workspace_members (workspace_id, user_id, role) values (${ws.id}, ${second.id}, 'owner')`;

    expect(await prepare(first.id)).toEqual([]);
    await expect(prepare(second.id)).rejects.toMatchObject({ code: 'P0001', message: 'LAST_OWNER' });
    // The first account goes (the function deletes the auth user next); the second stays, still an owner.
    await db`delete from auth.users where id = ${first.id}`;
    const members =
      await db`select user_id, role from public.workspace_members where workspace_id = ${ws.id} order by role`;
    expect(members).toEqual([
      { user_id: member.id, role: 'member' },
      { user_id: second.id, role: 'owner' },
    ]);
  });

  test('at the same moment, one prepare passes and the other is refused with LAST_OWNER', async () => {
    const a = await createUser('owner-a');
    const b = await createUser('owner-b');
    const ws = await createWorkspace({ owner: a, member: await createUser('member') });
    await db`insert into public.workspace_members (workspace_id, user_id, role) values (${ws.id}, ${b.id}, 'owner')`;

    const outcomes = await Promise.allSettled([prepare(a.id), prepare(b.id)]);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ message: 'LAST_OWNER' });
    const [owners] =
      await db`select count(*)::int as n from public.workspace_members where workspace_id = ${ws.id} and role = 'owner'`;
    expect(owners!.n).toBe(1);
  });

  test('two owners alone in a workspace: the second deletion removes the workspace, as the last member', async () => {
    const a = await createUser('owner-a');
    const b = await createUser('owner-b');
    const ws = await createWorkspace({ owner: a });
    await db`insert into public.workspace_members (workspace_id, user_id, role) values (${ws.id}, ${b.id}, 'owner')`;
    expect(await prepare(a.id)).toEqual([]);
    await db`delete from auth.users where id = ${a.id}`;
    expect(await prepare(b.id)).toEqual([{ id: ws.id }]);
    await db`delete from auth.users where id = ${b.id}`;
    expect(await db`select id from public.workspaces where id = ${ws.id}`).toEqual([]);
  });
});
