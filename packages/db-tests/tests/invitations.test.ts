/** SPEC §4 invitations: accept, decline, revoke, resend, expiry, and what can no longer be used. */
import { describe, expect, test } from 'vitest';
import {
  asService,
  asUser,
  createUser,
  createWorkspace,
  db,
  tokenHash,
  type User,
  type Workspace,
} from './support/db.ts';

const refusedWith = (message: string) => ({ code: 'P0001', message });

/** A pending invitation for `email` in `ws`, made by its owner through RLS as the invite function would. */
async function invite(ws: Workspace & { owner: User }, email: string, role = 'member') {
  const hash = tokenHash();
  const [row] = await asUser(
    ws.owner,
    (tx) => tx`insert into public.invitations (workspace_id, email, role, token_hash, invited_by)
               values (${ws.id}, ${email}, ${role}::public.workspace_role, ${hash}, ${ws.owner.id}) returning *`,
    { commit: true },
  );
  return { ...row!, hash } as { id: string; hash: string; expires_at: Date; status: string };
}

const accept = (hash: string, user: User, email = user.email) =>
  asService((tx) => tx`select public.accept_invitation(${hash}, ${user.id}, ${email}) as result`, {
    commit: true,
  });

describe('accepting', () => {
  test('creates the membership with the invited role and marks the invitation accepted, in one go', async () => {
    const ws = await createWorkspace({});
    const invitee = await createUser('invitee');
    const inv = await invite(ws, invitee.email, 'viewer');
    expect(inv.status).toBe('pending');
    expect(inv.expires_at.getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);

    const [row] = await accept(inv.hash, invitee, invitee.email.toUpperCase());
    expect(row?.result).toEqual({ workspace_id: ws.id, slug: ws.slug, name: ws.slug, role: 'viewer' });
    const [member] =
      await db`select role from public.workspace_members where workspace_id = ${ws.id} and user_id = ${invitee.id}`;
    expect(member).toEqual({ role: 'viewer' });
    const [after] =
      await db`select status, accepted_by, responded_at is not null as responded from public.invitations where id = ${inv.id}`;
    expect(after).toEqual({ status: 'accepted', accepted_by: invitee.id, responded: true });
    const kinds = await db`select kind from public.activity where workspace_id = ${ws.id} order by id`;
    expect(kinds.map((k) => k.kind)).toEqual(['member_joined', 'member_joined']);
  });

  test('INVITE_USED when accepted again, or after declining', async () => {
    const ws = await createWorkspace({});
    const invitee = await createUser('invitee');
    const inv = await invite(ws, invitee.email);
    await accept(inv.hash, invitee);
    await expect(accept(inv.hash, invitee)).rejects.toMatchObject({
      ...refusedWith('INVITE_USED'),
      hint: 'accepted',
    });

    const other = await createUser('other');
    const second = await invite(ws, other.email);
    await asService(
      (tx) => tx`select public.decline_invitation(${second.hash}, ${other.id}, ${other.email})`,
      { commit: true },
    );
    const [row] = await db`select status from public.invitations where id = ${second.id}`;
    expect(row).toEqual({ status: 'declined' });
    await expect(accept(second.hash, other)).rejects.toMatchObject({
      ...refusedWith('INVITE_USED'),
      hint: 'declined',
    });
  });

  test('INVITE_REVOKED after an admin revoked it', async () => {
    const ws = await createWorkspace({});
    const invitee = await createUser('invitee');
    const inv = await invite(ws, invitee.email);
    await asUser(
      ws.owner,
      (tx) => tx`update public.invitations set status = 'revoked' where id = ${inv.id}`,
      { commit: true },
    );
    await expect(accept(inv.hash, invitee)).rejects.toMatchObject(refusedWith('INVITE_REVOKED'));
    // A revoked invitation stays revoked.
    await expect(
      asUser(ws.owner, (tx) => tx`update public.invitations set status = 'pending' where id = ${inv.id}`),
    ).rejects.toMatchObject(refusedWith('INVITE_REVOKED'));
  });

  test('INVITE_EXPIRED after seven days, and nothing is created', async () => {
    const ws = await createWorkspace({});
    const invitee = await createUser('invitee');
    const inv = await invite(ws, invitee.email);
    await db`update public.invitations set expires_at = now() - interval '1 second' where id = ${inv.id}`;
    await expect(accept(inv.hash, invitee)).rejects.toMatchObject(refusedWith('INVITE_EXPIRED'));
    const [preview] = await asService((tx) => tx`select public.invitation_preview(${inv.hash}) as p`);
    expect(preview!.p).toMatchObject({ status: 'expired', workspace_slug: ws.slug, role: 'member' });
    expect(await db`select 1 from public.workspace_members where user_id = ${invitee.id}`).toHaveLength(0);
  });

  test('INVITE_EMAIL_MISMATCH when signed in with another email', async () => {
    const ws = await createWorkspace({});
    const invitee = await createUser('invitee');
    const someoneElse = await createUser('else');
    const inv = await invite(ws, invitee.email);
    await expect(accept(inv.hash, someoneElse)).rejects.toMatchObject({
      ...refusedWith('INVITE_EMAIL_MISMATCH'),
      hint: 'email',
    });
  });

  test('ALREADY_MEMBER when the invitee already belongs; NOT_FOUND for an unknown token', async () => {
    const member = await createUser('member');
    const ws = await createWorkspace({ member });
    await expect(invite(ws, member.email)).rejects.toMatchObject(refusedWith('ALREADY_MEMBER'));
    await expect(accept(tokenHash(), member)).rejects.toMatchObject({
      ...refusedWith('NOT_FOUND'),
      hint: 'invitation',
    });
  });

  test('only the service role may accept, decline or preview', async () => {
    const ws = await createWorkspace({});
    const invitee = await createUser('invitee');
    const inv = await invite(ws, invitee.email);
    await expect(
      asUser(
        invitee,
        (tx) => tx`select public.accept_invitation(${inv.hash}, ${invitee.id}, ${invitee.email})`,
      ),
    ).rejects.toMatchObject({ code: '42501' });
    await expect(
      asUser(invitee, (tx) => tx`select public.invitation_preview(${inv.hash})`),
    ).rejects.toMatchObject({
      code: '42501',
    });
  });
});

describe('inviting, resending, revoking', () => {
  test('one pending invitation per workspace and email, case-insensitively', async () => {
    const ws = await createWorkspace({});
    await invite(ws, 'twice@example.com');
    await expect(invite(ws, 'twice@example.com')).rejects.toMatchObject({
      code: '23505',
      constraint_name: 'invitations_one_pending_per_email',
    });
  });

  test('an expired pending invitation gives way to a new one', async () => {
    const ws = await createWorkspace({});
    const first = await invite(ws, 'late@example.com');
    await db`update public.invitations set expires_at = now() - interval '1 minute' where id = ${first.id}`;
    await invite(ws, 'late@example.com');
    const [old] = await db`select status from public.invitations where id = ${first.id}`;
    expect(old).toEqual({ status: 'expired' });
  });

  test('resend issues a new token and a new expiry; the status stays pending', async () => {
    const ws = await createWorkspace({});
    const inv = await invite(ws, 'resend@example.com');
    await db`update public.invitations set expires_at = now() + interval '1 day' where id = ${inv.id}`;
    const hash = tokenHash();
    const [row] = await asUser(
      ws.owner,
      (tx) =>
        tx`update public.invitations set token_hash = ${hash} where id = ${inv.id} returning status, expires_at`,
      { commit: true },
    );
    expect(row!.status).toBe('pending');
    expect(row!.expires_at.getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600_000 - 60_000);
    const emails =
      await db`select count(*)::int as n from public.invitation_emails where workspace_id = ${ws.id}`;
    expect(emails[0]!.n).toBe(2);
  });

  test('an admin may invite admins, never owners; the invitee picks nothing else', async () => {
    const admin = await createUser('admin');
    const ws = await createWorkspace({ admin });
    const hash = tokenHash();
    const [row] = await asUser(
      admin,
      (tx) => tx`insert into public.invitations (workspace_id, email, role, token_hash, invited_by)
                 values (${ws.id}, 'new-admin@example.com', 'admin', ${hash}, ${admin.id}) returning role`,
    );
    expect(row).toEqual({ role: 'admin' });
    await expect(
      asUser(
        admin,
        (tx) => tx`insert into public.invitations (workspace_id, email, role, token_hash, invited_by)
                               values (${ws.id}, 'new-owner@example.com', 'owner', ${tokenHash()}, ${admin.id})`,
      ),
    ).rejects.toMatchObject({ code: '23514', constraint_name: 'invitations_role_allowed' });
    await expect(
      asUser(
        admin,
        (tx) => tx`insert into public.invitations (workspace_id, email, token_hash, invited_by, expires_at)
                               values (${ws.id}, 'forever@example.com', ${tokenHash()}, ${admin.id}, 'infinity')`,
      ),
    ).rejects.toMatchObject({ code: '42501' });
  });
});
