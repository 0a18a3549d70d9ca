import { describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  emailedInviteToken,
  env,
  latestEmail,
  SITE_URL,
  serviceClient,
  uniqueEmail,
} from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { listMembers } from '../members/list-members.ts';
import { acceptInvitation } from './accept-invitation.ts';
import { declineInvitation } from './decline-invitation.ts';
import { getInvitationBudget } from './get-invitation-budget.ts';
import { inviteMember } from './invite-member.ts';
import { listInvitations } from './list-invitations.ts';
import { previewInvitation } from './preview-invitation.ts';
import { resendInvitation } from './resend-invitation.ts';
import { revokeInvitation } from './revoke-invitation.ts';

describe('inviting and joining', () => {
  it('emails a link; the invitee previews it, accepts it once and becomes a member', async () => {
    const world = await createWorld();
    const email = uniqueEmail('invitee');
    const { invitation } = await inviteMember(world.owner.client, {
      workspaceId: world.workspaceId,
      email: email.toUpperCase(),
      role: 'member',
    });
    expect(invitation).toMatchObject({
      email,
      role: 'member',
      status: 'pending',
      invited_by: world.owner.id,
    });
    expect(invitation).not.toHaveProperty('token_hash');

    const message = await latestEmail(email);
    expect(message?.Subject).toBe('Join Acme on Lanes');
    expect(message?.Text).toContain(`${SITE_URL}/invite/`);
    const token = await emailedInviteToken(email);

    expect(await previewInvitation(anonClient(), { token })).toMatchObject({
      workspace_name: 'Acme',
      workspace_slug: world.slug,
      inviter_name: 'Olive Owner',
      email,
      role: 'member',
      status: 'pending',
    });

    const invitee = await createUser('Ivan', 'invitee', email);
    const joined = await acceptInvitation(invitee.client, { token });
    expect(joined).toEqual({
      workspace: { id: world.workspaceId, slug: world.slug, name: 'Acme' },
      role: 'member',
    });
    const members = await listMembers(world.owner.client, { workspaceId: world.workspaceId });
    expect(members.find((m) => m.user_id === invitee.id)?.role).toBe('member');
    await expect(acceptInvitation(invitee.client, { token })).rejects.toMatchObject({ code: 'INVITE_USED' });
  });

  it('refuses another signed-in email with INVITE_EMAIL_MISMATCH, and signed-out callers with SESSION_EXPIRED', async () => {
    const world = await createWorld();
    const email = uniqueEmail('invitee');
    await inviteMember(world.owner.client, { workspaceId: world.workspaceId, email, role: 'viewer' });
    const token = await emailedInviteToken(email);
    const someoneElse = await createUser('Mallory');
    await expect(acceptInvitation(someoneElse.client, { token })).rejects.toMatchObject({
      code: 'INVITE_EMAIL_MISMATCH',
    });
    await expect(acceptInvitation(anonClient(), { token })).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });

  it('lets the invitee decline; the link is used up', async () => {
    const world = await createWorld();
    const email = uniqueEmail('invitee');
    await inviteMember(world.owner.client, { workspaceId: world.workspaceId, email, role: 'member' });
    const token = await emailedInviteToken(email);
    const invitee = await createUser('Dee', 'invitee', email);
    await declineInvitation(invitee.client, { token });
    await expect(acceptInvitation(invitee.client, { token })).rejects.toMatchObject({ code: 'INVITE_USED' });
  });

  it('revokes (INVITE_REVOKED) and resends with a new link that replaces the old one', async () => {
    const world = await createWorld();
    const admin = await world.join('admin');
    const email = uniqueEmail('invitee');
    const { invitation } = await inviteMember(admin.client, {
      workspaceId: world.workspaceId,
      email,
      role: 'admin',
    });
    const oldToken = await emailedInviteToken(email);
    const resent = await resendInvitation(admin.client, { invitationId: invitation.id });
    expect(resent.invitation.id).toBe(invitation.id);
    const newToken = await emailedInviteToken(email);
    expect(newToken).not.toBe(oldToken);

    const invitee = await createUser('Rae', 'invitee', email);
    await expect(acceptInvitation(invitee.client, { token: oldToken })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(
      (await listInvitations(admin.client, { workspaceId: world.workspaceId })).map((i) => i.id),
    ).toEqual([invitation.id]);
    expect((await revokeInvitation(admin.client, { invitationId: invitation.id })).status).toBe('revoked');
    await expect(acceptInvitation(invitee.client, { token: newToken })).rejects.toMatchObject({
      code: 'INVITE_REVOKED',
    });
  });

  it('answers ALREADY_MEMBER when the invitee joined meanwhile', async () => {
    const world = await createWorld();
    const email = uniqueEmail('invitee');
    await inviteMember(world.owner.client, { workspaceId: world.workspaceId, email, role: 'member' });
    const token = await emailedInviteToken(email);
    const invitee = await createUser('Al', 'invitee', email);
    await serviceClient()
      .from('workspace_members')
      .insert({ workspace_id: world.workspaceId, user_id: invitee.id, role: 'viewer' });
    await expect(acceptInvitation(invitee.client, { token })).rejects.toMatchObject({
      code: 'ALREADY_MEMBER',
    });
  });

  it('answers an expired invitation with INVITE_EXPIRED', async () => {
    const world = await createWorld();
    const email = uniqueEmail('invitee');
    const { invitation } = await inviteMember(world.owner.client, {
      workspaceId: world.workspaceId,
      email,
      role: 'member',
    });
    const token = await emailedInviteToken(email);
    await serviceClient()
      .from('invitations')
      .update({ expires_at: '2020-01-01T00:00:00Z' })
      .eq('id', invitation.id);
    const invitee = await createUser('Ex', 'invitee', email);
    await expect(acceptInvitation(invitee.client, { token })).rejects.toMatchObject({
      code: 'INVITE_EXPIRED',
    });
  });
});

describe('who may invite', () => {
  it('refuses members with FORBIDDEN and strangers with NOT_FOUND', async () => {
    const world = await createWorld();
    const member = await world.join('member');
    const stranger = await createUser('Stranger');
    const input = { workspaceId: world.workspaceId, email: uniqueEmail('x'), role: 'viewer' as const };
    await expect(inviteMember(member.client, input)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(inviteMember(stranger.client, input)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses an existing member with ALREADY_MEMBER and a second pending invitation with CONFLICT', async () => {
    const world = await createWorld();
    const member = await world.join('member');
    await expect(
      inviteMember(world.owner.client, {
        workspaceId: world.workspaceId,
        email: member.email,
        role: 'member',
      }),
    ).rejects.toMatchObject({
      code: 'ALREADY_MEMBER',
    });
    const email = uniqueEmail('twice');
    await inviteMember(world.owner.client, { workspaceId: world.workspaceId, email, role: 'member' });
    await expect(
      inviteMember(world.owner.client, { workspaceId: world.workspaceId, email, role: 'viewer' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      field: 'email',
    });
  });

  it('sends at most 20 invitation emails per workspace per hour, and shows the budget to admins', async () => {
    const world = await createWorld();
    expect(await getInvitationBudget(world.owner.client, { workspaceId: world.workspaceId })).toEqual({
      remaining: 20,
      nextAt: null,
    });
    for (let i = 0; i < 20; i++) {
      await inviteMember(world.owner.client, {
        workspaceId: world.workspaceId,
        email: uniqueEmail('bulk'),
        role: 'viewer',
      });
    }
    await expect(
      inviteMember(world.owner.client, {
        workspaceId: world.workspaceId,
        email: uniqueEmail('bulk'),
        role: 'viewer',
      }),
    ).rejects.toMatchObject({ code: 'LIMIT_REACHED', details: { limit: 'invitation_emails_per_hour' } });
    const budget = await getInvitationBudget(world.owner.client, { workspaceId: world.workspaceId });
    expect(budget.remaining).toBe(0);
    // The cool-down ends an hour after the first email of the window.
    const wait = Date.parse(budget.nextAt!) - Date.now();
    expect(wait).toBeGreaterThan(50 * 60_000);
    expect(wait).toBeLessThanOrEqual(60 * 60_000);
    const member = await world.join('member');
    expect(await getInvitationBudget(member.client, { workspaceId: world.workspaceId })).toEqual({
      remaining: 20,
      nextAt: null,
    });
  }, 60_000);
});

describe('the function itself', () => {
  it('answers bad input with 400 VALIDATION naming the field, an owner invitation too', async () => {
    const world = await createWorld();
    const bad = await world.owner.client.functions.invoke('invite-member', {
      body: { workspaceId: world.workspaceId, email: 'not-an-email', role: 'member' },
    });
    expect(bad.response?.status).toBe(400);
    expect(await bad.response?.json()).toMatchObject({ error: { code: 'VALIDATION', field: 'email' } });
    const owner = await world.owner.client.functions.invoke('invite-member', {
      body: { workspaceId: world.workspaceId, email: uniqueEmail('o'), role: 'owner' },
    });
    expect(owner.response?.status).toBe(400);
    expect(await owner.response?.json()).toMatchObject({ error: { code: 'VALIDATION', field: 'role' } });
  });

  it('answers a caller without a user session with 401 SESSION_EXPIRED', async () => {
    const response = await anonClient().functions.invoke('invite-member', {
      body: { workspaceId: crypto.randomUUID(), email: 'a@b.io', role: 'member' },
    });
    expect(response.response?.status).toBe(401);
    expect(await response.response?.json()).toEqual({
      error: { code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' },
    });
  });

  it('answers an unknown token with NOT_FOUND, without signing in', async () => {
    await expect(previewInvitation(anonClient(), { token: 'A'.repeat(43) })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('answers CORS preflights and refuses other methods than POST', async () => {
    const { apiUrl, anonKey } = env();
    const preflight = await fetch(`${apiUrl}/functions/v1/accept-invitation`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const get = await fetch(`${apiUrl}/functions/v1/accept-invitation`, {
      headers: { authorization: `Bearer ${anonKey}` },
    });
    expect(get.status).toBe(405);
    expect(await get.json()).toEqual({ error: { code: 'VALIDATION', message: 'Use POST.' } });
  });
});
