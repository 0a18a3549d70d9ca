/** SPEC §4 memberships and accounts: the last owner, who may touch the owner role, creating workspaces, deleting accounts. */
import { describe, expect, test } from 'vitest';
import { asService, asUser, createUser, createWorkspace, db } from './support/db.ts';

const refusedWith = (message: string) => ({ code: 'P0001', message });

async function roleOf(workspace: string, user: string) {
  const [row] =
    await db`select role from public.workspace_members where workspace_id = ${workspace} and user_id = ${user}`;
  return row?.role ?? null;
}

describe('the last owner', () => {
  test('cannot leave, be demoted or be removed; with a second owner all three work', async () => {
    const admin = await createUser('admin');
    const ws = await createWorkspace({ admin });
    const owner = ws.owner;

    await expect(asUser(owner, (tx) => tx`select public.leave_workspace(${ws.id})`)).rejects.toMatchObject({
      ...refusedWith('LAST_OWNER'),
      detail: 'The workspace needs another owner first.',
      hint: 'owner',
    });
    await expect(
      asUser(owner, (tx) => tx`select * from public.change_member_role(${ws.id}, ${owner.id}, 'admin')`),
    ).rejects.toMatchObject(refusedWith('LAST_OWNER'));
    await expect(
      asUser(
        owner,
        (tx) =>
          tx`delete from public.workspace_members where workspace_id = ${ws.id} and user_id = ${owner.id}`,
      ),
    ).rejects.toMatchObject(refusedWith('LAST_OWNER'));
    expect(await roleOf(ws.id, owner.id)).toBe('owner');

    // The owner promotes the admin; now the first owner may step down or leave.
    await asUser(owner, (tx) => tx`select * from public.change_member_role(${ws.id}, ${admin.id}, 'owner')`, {
      commit: true,
    });
    await asUser(
      owner,
      (tx) => tx`select * from public.change_member_role(${ws.id}, ${owner.id}, 'member')`,
      { commit: true },
    );
    expect(await roleOf(ws.id, owner.id)).toBe('member');
    await expect(asUser(admin, (tx) => tx`select public.leave_workspace(${ws.id})`)).rejects.toMatchObject(
      refusedWith('LAST_OWNER'),
    );
    await asUser(owner, (tx) => tx`select public.leave_workspace(${ws.id})`, { commit: true });
    expect(await roleOf(ws.id, owner.id)).toBeNull();
  });

  test('two owners demoting each other at once leave one owner', async () => {
    const second = await createUser('second');
    const ws = await createWorkspace({});
    await db`insert into public.workspace_members (workspace_id, user_id, role) values (${ws.id}, ${second.id}, 'owner')`;
    const results = await Promise.allSettled([
      asUser(
        ws.owner,
        (tx) => tx`select * from public.change_member_role(${ws.id}, ${second.id}, 'member')`,
        { commit: true },
      ),
      asUser(
        second,
        (tx) => tx`select * from public.change_member_role(${ws.id}, ${ws.owner.id}, 'member')`,
        { commit: true },
      ),
    ]);
    const [counted] =
      await db`select count(*)::int as owners from public.workspace_members where workspace_id = ${ws.id} and role = 'owner'`;
    expect(counted?.owners).toBe(1);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
  });

  test('an admin cannot grant or remove the owner role, nor remove an owner', async () => {
    const admin = await createUser('admin');
    const member = await createUser('member');
    const ws = await createWorkspace({ admin, member });
    await expect(
      asUser(admin, (tx) => tx`select * from public.change_member_role(${ws.id}, ${member.id}, 'owner')`),
    ).rejects.toMatchObject({ ...refusedWith('FORBIDDEN'), hint: 'owner' });
    await expect(
      asUser(admin, (tx) => tx`select * from public.change_member_role(${ws.id}, ${admin.id}, 'owner')`),
    ).rejects.toMatchObject(refusedWith('FORBIDDEN'));
    await expect(
      asUser(admin, (tx) => tx`select public.remove_member(${ws.id}, ${ws.owner.id})`),
    ).rejects.toMatchObject(refusedWith('FORBIDDEN'));
    // Among admin/member/viewer an admin decides.
    const changed = await asUser(
      admin,
      (tx) => tx`select * from public.change_member_role(${ws.id}, ${member.id}, 'viewer')`,
    );
    expect(changed[0]).toMatchObject({ role: 'viewer', user_id: member.id });
  });

  test('member RPCs answer NOT_FOUND to outsiders and FORBIDDEN to members without the right', async () => {
    const member = await createUser('member');
    const outsider = await createUser('outsider');
    const ws = await createWorkspace({ member });
    await expect(
      asUser(outsider, (tx) => tx`select * from public.change_member_role(${ws.id}, ${member.id}, 'viewer')`),
    ).rejects.toMatchObject({ ...refusedWith('NOT_FOUND'), hint: 'member' });
    await expect(
      asUser(member, (tx) => tx`select * from public.change_member_role(${ws.id}, ${ws.owner.id}, 'viewer')`),
    ).rejects.toMatchObject({ ...refusedWith('FORBIDDEN'), hint: 'admin' });
    await expect(asUser(outsider, (tx) => tx`select public.leave_workspace(${ws.id})`)).rejects.toMatchObject(
      refusedWith('NOT_FOUND'),
    );
  });

  test('a removed member is unassigned from the workspace tasks and the feed says who left', async () => {
    const member = await createUser('member');
    const ws = await createWorkspace({ member });
    await db`insert into public.tasks (board_id, column_id, title, assignee_id) values (${ws.board}, ${ws.todo}, 'Mine', ${member.id})`;
    await asUser(ws.owner, (tx) => tx`select public.remove_member(${ws.id}, ${member.id})`, { commit: true });
    const [task] = await db`select assignee_id from public.tasks where board_id = ${ws.board}`;
    expect(task).toEqual({ assignee_id: null });
    const feed =
      await db`select kind, actor_id, data from public.activity where workspace_id = ${ws.id} and kind = 'member_left'`;
    expect(feed).toEqual([
      { kind: 'member_left', actor_id: ws.owner.id, data: { user_id: member.id, removed: true } },
    ]);
  });

  test('the feed records joins, role changes and files, with the actor', async () => {
    const member = await createUser('member');
    const ws = await createWorkspace({ member });
    await asUser(
      ws.owner,
      (tx) => tx`select * from public.change_member_role(${ws.id}, ${member.id}, 'admin')`,
      {
        commit: true,
      },
    );
    const [task] =
      await db`insert into public.tasks (board_id, column_id, title) values (${ws.board}, ${ws.todo}, 'Files') returning id`;
    await asUser(
      member,
      (
        tx,
      ) => tx`insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes, uploaded_by)
                 values (${task!.id}, ${`${ws.id}/${task!.id}/${crypto.randomUUID()}/a.png`}, 'a.png', 'image/png', 10, ${member.id})`,
      { commit: true },
    );
    const feed = await db`select kind, actor_id, data from public.activity
                          where workspace_id = ${ws.id} and kind in ('role_changed', 'attachment_added') order by id`;
    expect(feed).toMatchObject([
      {
        kind: 'role_changed',
        actor_id: ws.owner.id,
        data: { user_id: member.id, from: 'member', to: 'admin' },
      },
      { kind: 'attachment_added', actor_id: member.id, data: { file_name: 'a.png' } },
    ]);
  });

  test('deleting a workspace removes its memberships, owners included', async () => {
    const ws = await createWorkspace({});
    await asUser(ws.owner, (tx) => tx`delete from public.workspaces where id = ${ws.id}`, { commit: true });
    const rows = await db`select 1 from public.workspace_members where workspace_id = ${ws.id}`;
    expect(rows).toHaveLength(0);
  });
});

describe('create_workspace', () => {
  test('creates the workspace with the caller as owner and logs them joining', async () => {
    const user = await createUser('creator');
    const slug = `team-${user.id.slice(0, 8)}`;
    const [created] = await asUser(user, (tx) => tx`select * from public.create_workspace('Team', ${slug})`, {
      commit: true,
    });
    expect(created).toMatchObject({ slug, name: 'Team', created_by: user.id });
    expect(await roleOf(created!.id, user.id)).toBe('owner');
    const feed = await db`select kind, data from public.activity where workspace_id = ${created!.id}`;
    expect(feed).toEqual([{ kind: 'member_joined', data: { user_id: user.id, role: 'owner' } }]);
  });

  test('SLUG_TAKEN when the slug is in use; VALIDATION-shaped check errors for bad slugs', async () => {
    const user = await createUser('creator');
    await expect(
      asUser(user, (tx) => tx`select * from public.create_workspace('Copy', 'acme')`),
    ).rejects.toMatchObject({
      ...refusedWith('SLUG_TAKEN'),
      hint: 'slug',
    });
    await expect(
      asUser(user, (tx) => tx`select * from public.create_workspace('Bad', 'settings')`),
    ).rejects.toMatchObject({
      code: '23514',
      constraint_name: 'workspaces_slug_reserved',
    });
  });

  test('signed-out visitors cannot call it', async () => {
    await expect(
      asUser(null, (tx) => tx`select * from public.create_workspace('Anon', 'anon-space')`),
    ).rejects.toMatchObject({
      code: '42501',
    });
  });
});

describe('deleting an account', () => {
  test('LAST_OWNER while the user is the last owner of a workspace with other members', async () => {
    const member = await createUser('member');
    const ws = await createWorkspace({ member });
    await expect(
      asService((tx) => tx`select * from public.delete_account_check(${ws.owner.id})`),
    ).rejects.toMatchObject({
      ...refusedWith('LAST_OWNER'),
      detail: `Transfer ownership first: ${ws.slug}.`,
    });
    // Deleting the auth user directly is refused by the same rule.
    await expect(db`delete from auth.users where id = ${ws.owner.id}`).rejects.toMatchObject(
      refusedWith('LAST_OWNER'),
    );
  });

  test('deletes the workspaces where the user is the only member, keeps the others', async () => {
    const user = await createUser('leaver');
    const solo = await createWorkspace({ owner: user });
    const shared = await createWorkspace({ member: user });
    const deleted = await asService(
      (tx) => tx`select * from public.delete_account_prepare(${user.id}) as id`,
      {
        commit: true,
      },
    );
    expect(deleted.map((r) => r.id)).toEqual([solo.id]);
    await db`delete from auth.users where id = ${user.id}`;
    expect(await db`select id from public.workspaces where id in ${db([solo.id, shared.id])}`).toEqual([
      { id: shared.id },
    ]);
    expect(await db`select 1 from public.profiles where id = ${user.id}`).toHaveLength(0);
    expect(await roleOf(shared.id, user.id)).toBeNull();
  });

  test('only the service role may call the account functions', async () => {
    const user = await createUser('user');
    await expect(
      asUser(user, (tx) => tx`select * from public.delete_account_prepare(${user.id})`),
    ).rejects.toMatchObject({
      code: '42501',
    });
  });
});
