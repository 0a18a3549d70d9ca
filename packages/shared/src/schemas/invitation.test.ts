import { describe, expect, it } from 'vitest';
import { canInvite, invitationToken, inviteMemberInput, inviteMemberInputFor } from './invitation.ts';

const workspaceId = crypto.randomUUID();

describe('invitation input', () => {
  it('normalises the email and accepts invitable roles', () => {
    expect(inviteMemberInput.parse({ workspaceId, email: ' Bo@X.io ', role: 'viewer' })).toEqual({
      workspaceId,
      email: 'bo@x.io',
      role: 'viewer',
    });
  });
  it('never invites an owner', () => {
    expect(inviteMemberInput.safeParse({ workspaceId, email: 'bo@x.io', role: 'owner' }).success).toBe(false);
  });
});

describe('who may invite whom', () => {
  it('admins invite admin at most', () => {
    expect(canInvite('admin', 'admin')).toBe(true);
    expect(canInvite('admin', 'viewer')).toBe(true);
    expect(canInvite('admin', 'owner')).toBe(false);
  });
  it('owners invite up to admin too (ownership is granted to members, not invited)', () => {
    expect(canInvite('owner', 'admin')).toBe(true);
    expect(canInvite('owner', 'owner')).toBe(false);
  });
  it('members and viewers cannot invite', () => {
    expect(canInvite('member', 'viewer')).toBe(false);
    expect(canInvite('viewer', 'viewer')).toBe(false);
  });
  it('refines the schema given the inviter', () => {
    const byAdmin = inviteMemberInputFor('admin');
    expect(byAdmin.safeParse({ workspaceId, email: 'bo@x.io', role: 'admin' }).success).toBe(true);
    expect(
      byAdmin.safeParse({ workspaceId, email: 'bo@x.io', role: 'owner' }).error?.issues[0],
    ).toMatchObject({
      path: ['role'],
      message: 'Invitations can grant admin at most.',
    });
    expect(
      inviteMemberInputFor('member').safeParse({ workspaceId, email: 'bo@x.io', role: 'viewer' }).error
        ?.issues[0]?.message,
    ).toBe('Only owners and admins can invite.');
  });
});

describe('invitation token', () => {
  it('accepts 43 base64url characters only', () => {
    expect(invitationToken.safeParse('A'.repeat(43)).success).toBe(true);
    expect(invitationToken.safeParse('A'.repeat(42)).success).toBe(false);
    expect(invitationToken.safeParse(`${'A'.repeat(42)}+`).success).toBe(false);
  });
});
