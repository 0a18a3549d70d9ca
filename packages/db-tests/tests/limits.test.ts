/**
 * SPEC §9 limits enforced by the database: the write one past each limit raises LIMIT_REACHED with
 * the limit's name in `hint` (decision 060). Fixtures fill up to the limit with bulk inserts.
 */
import { describe, expect, test } from 'vitest';
import { asService, asUser, createTasks, createUser, createWorkspace, db, tokenHash } from './support/db.ts';

const limitReached = (hint: string) => ({ code: 'P0001', message: 'LIMIT_REACHED', hint });

/** Bulk fixtures without per-row triggers (numbering, limits, activity): a superuser-only shortcut. */
function withoutTriggers(fn: (tx: typeof db) => Promise<unknown>) {
  return db.begin(async (tx) => {
    await tx`set local session_replication_role = replica`;
    await fn(tx as unknown as typeof db);
  });
}

describe('limits', () => {
  test('20 workspaces per creator', async () => {
    const user = await createUser('busy');
    await db`insert into public.workspaces (slug, name, created_by)
             select 'busy-' || substr(${user.id}, 1, 8) || '-' || i, 'Busy ' || i, ${user.id}
             from generate_series(1, 20) i`;
    await expect(
      asUser(
        user,
        (tx) => tx`select * from public.create_workspace('One more', ${`busy-${user.id.slice(0, 8)}-21`})`,
      ),
    ).rejects.toMatchObject(limitReached('workspaces_per_user'));
  });

  test('50 members per workspace, pending invitations included', async () => {
    const ws = await createWorkspace({});
    const people = await Promise.all(Array.from({ length: 48 }, (_, i) => createUser(`crowd${i}`)));
    await db`insert into public.workspace_members ${db(people.map((p) => ({ workspace_id: ws.id, user_id: p.id, role: 'member' })))}`;
    // 49 members + 1 pending invitation = 50 seats: the invitation can still be accepted...
    const last = await createUser('last');
    const hash = tokenHash();
    await db`insert into public.invitations (workspace_id, email, token_hash) values (${ws.id}, ${last.email}, ${hash})`;
    await expect(
      db`insert into public.invitations (workspace_id, email, token_hash) values (${ws.id}, 'one-more@example.com', ${tokenHash()})`,
    ).rejects.toMatchObject(limitReached('members_per_workspace'));
    await asService((tx) => tx`select public.accept_invitation(${hash}, ${last.id}, ${last.email})`, {
      commit: true,
    });
    // ...and now 50 members: nobody else joins, by invitation or directly.
    const extra = await createUser('extra');
    await expect(
      db`insert into public.workspace_members (workspace_id, user_id, role) values (${ws.id}, ${extra.id}, 'member')`,
    ).rejects.toMatchObject(limitReached('members_per_workspace'));
  });

  test('50 pending invitations per workspace', async () => {
    const ws = await createWorkspace({});
    await withoutTriggers(
      (tx) => tx`insert into public.invitations (workspace_id, email, token_hash)
                 select ${ws.id}, 'pending' || i || '@example.com', md5(i::text) || md5(${ws.id} || i)
                 from generate_series(1, 50) i`,
    );
    await expect(
      db`insert into public.invitations (workspace_id, email, token_hash) values (${ws.id}, 'more@example.com', ${tokenHash()})`,
    ).rejects.toMatchObject(limitReached('pending_invitations_per_workspace'));
    // Expired ones no longer count.
    await db`update public.invitations set expires_at = now() - interval '1 second' where workspace_id = ${ws.id} and email like 'pending1%'`;
    await db`insert into public.invitations (workspace_id, email, token_hash) values (${ws.id}, 'more@example.com', ${tokenHash()})`;
  });

  test('20 invitation emails per workspace per hour, resends included', async () => {
    const ws = await createWorkspace({});
    const hashes = Array.from({ length: 19 }, () => tokenHash());
    for (const [i, hash] of hashes.entries()) {
      await db`insert into public.invitations (workspace_id, email, token_hash) values (${ws.id}, ${`mail${i}@example.com`}, ${hash})`;
    }
    await db`update public.invitations set token_hash = ${tokenHash()} where token_hash = ${hashes[0]!}`;
    await expect(
      asUser(
        ws.owner,
        (tx) =>
          tx`update public.invitations set token_hash = ${tokenHash()} where token_hash = ${hashes[1]!}`,
      ),
    ).rejects.toMatchObject(limitReached('invitation_emails_per_hour'));
    await expect(
      db`insert into public.invitations (workspace_id, email, token_hash) values (${ws.id}, 'late@example.com', ${tokenHash()})`,
    ).rejects.toMatchObject(limitReached('invitation_emails_per_hour'));
    // An hour later the budget is back.
    await db`update public.invitation_emails set sent_at = sent_at - interval '61 minutes' where workspace_id = ${ws.id}`;
    await db`insert into public.invitations (workspace_id, email, token_hash) values (${ws.id}, 'late@example.com', ${tokenHash()})`;
  });

  test('50 boards per workspace', async () => {
    const ws = await createWorkspace({});
    await db`insert into public.boards (workspace_id, name) select ${ws.id}, 'Board ' || i from generate_series(2, 50) i`;
    await expect(
      asUser(
        ws.owner,
        (tx) =>
          tx`insert into public.boards (workspace_id, name, created_by) values (${ws.id}, 'Too many', ${ws.owner.id})`,
      ),
    ).rejects.toMatchObject(limitReached('boards_per_workspace'));
  });

  test('20 columns per board', async () => {
    const ws = await createWorkspace({});
    await db`insert into public.columns (board_id, name) select ${ws.board}, 'Column ' || i from generate_series(4, 20) i`;
    await expect(
      asUser(
        ws.owner,
        (tx) => tx`insert into public.columns (board_id, name) values (${ws.board}, 'Too many')`,
      ),
    ).rejects.toMatchObject(limitReached('columns_per_board'));
  });

  test('5,000 tasks per board, archived ones included', async () => {
    const ws = await createWorkspace({});
    await withoutTriggers(
      (tx) => tx`insert into public.tasks (board_id, column_id, number, title, position, archived_at)
                 select ${ws.board}, ${ws.todo}, i, 'Task ' || i, 'V' || to_char(i, 'FM00000') || 'V',
                        case when i % 2 = 0 then now() end
                 from generate_series(1, 5000) i`,
    );
    await expect(createTasks(ws, ws.doing, 1)).rejects.toMatchObject(limitReached('tasks_per_board'));
  });

  test('30 labels per board', async () => {
    const ws = await createWorkspace({});
    await db`insert into public.labels (board_id, name) select ${ws.board}, 'Label ' || i from generate_series(1, 30) i`;
    await expect(
      asUser(
        ws.owner,
        (tx) => tx`insert into public.labels (board_id, name) values (${ws.board}, 'Too many')`,
      ),
    ).rejects.toMatchObject(limitReached('labels_per_board'));
  });

  test('20 attachments per task', async () => {
    const ws = await createWorkspace({});
    const [task] = await createTasks(ws, ws.todo, 1);
    const path = (i: number | string) => `${ws.id}/${task}/${crypto.randomUUID()}/f${i}.txt`;
    await db`insert into public.attachments ${db(
      Array.from({ length: 20 }, (_, i) => ({
        task_id: task!,
        object_path: path(i),
        file_name: `f${i}.txt`,
        mime_type: 'text/plain',
        size_bytes: 1,
      })),
    )}`;
    await expect(
      asUser(
        ws.owner,
        (
          tx,
        ) => tx`insert into public.attachments (task_id, object_path, file_name, mime_type, size_bytes, uploaded_by)
                                  values (${task!}, ${path('x')}, 'x.txt', 'text/plain', 1, ${ws.owner.id})`,
      ),
    ).rejects.toMatchObject(limitReached('attachments_per_task'));
  });
});
