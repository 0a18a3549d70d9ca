import { describe, expect, it } from 'vitest';
import { createUser } from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { changeMemberRole } from './change-member-role.ts';
import { leaveWorkspace } from './leave-workspace.ts';
import { listMemberEmails } from './list-member-emails.ts';
import { listMembers } from './list-members.ts';
import { removeMember } from './remove-member.ts';

describe('members', () => {
  it('lists members with their profiles', async () => {
    const world = await createWorld();
    const bo = await world.join('member', 'Bo');
    const members = await listMembers(world.owner.client, { workspaceId: world.workspaceId });
    expect(members.map((m) => [m.role, m.profile?.display_name])).toEqual([
      ['owner', 'Olive Owner'],
      ['member', 'Bo'],
    ]);
    expect(members[1]).toMatchObject({ user_id: bo.id, profile: { id: bo.id, avatar_path: null } });
  });

  it('lists the same members by the workspace slug, and none for a workspace I am not in', async () => {
    const world = await createWorld();
    await world.join('viewer', 'Cy');
    const byId = await listMembers(world.owner.client, { workspaceId: world.workspaceId });
    const bySlug = await listMembers(world.owner.client, { workspaceSlug: world.slug });
    expect(bySlug).toEqual(byId);
    expect(bySlug.map((m) => m.profile?.display_name)).toEqual(['Olive Owner', 'Cy']);
    const other = await createWorld();
    expect(await listMembers(other.owner.client, { workspaceSlug: world.slug })).toEqual([]);
    expect(await listMembers(world.owner.client, { workspaceSlug: 'no-such-workspace' })).toEqual([]);
  });

  it('refuses a members read that names no workspace with VALIDATION', async () => {
    const world = await createWorld();
    await expect(listMembers(world.owner.client, { workspaceSlug: '' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    await expect(listMembers(world.owner.client, {} as never)).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('lets an admin change roles among admin, member and viewer', async () => {
    const world = await createWorld();
    const admin = await world.join('admin');
    const bo = await world.join('member');
    const changed = await changeMemberRole(admin.client, {
      workspaceId: world.workspaceId,
      userId: bo.id,
      role: 'viewer',
    });
    expect(changed).toMatchObject({ user_id: bo.id, role: 'viewer' });
  });

  it('refuses a member changing roles with FORBIDDEN', async () => {
    const world = await createWorld();
    const bo = await world.join('member');
    const cy = await world.join('viewer');
    await expect(
      changeMemberRole(bo.client, { workspaceId: world.workspaceId, userId: cy.id, role: 'member' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses an admin granting ownership', async () => {
    const world = await createWorld();
    const admin = await world.join('admin');
    const bo = await world.join('member');
    await expect(
      changeMemberRole(admin.client, { workspaceId: world.workspaceId, userId: bo.id, role: 'owner' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('keeps the last owner: LAST_OWNER on demote and on leave', async () => {
    const world = await createWorld();
    await expect(
      changeMemberRole(world.owner.client, {
        workspaceId: world.workspaceId,
        userId: world.owner.id,
        role: 'admin',
      }),
    ).rejects.toMatchObject({ code: 'LAST_OWNER' });
    await world.join('member');
    await expect(
      leaveWorkspace(world.owner.client, { workspaceId: world.workspaceId }),
    ).rejects.toMatchObject({
      code: 'LAST_OWNER',
    });
  });

  it('lets a member leave and an admin remove a member', async () => {
    const world = await createWorld();
    const admin = await world.join('admin');
    const bo = await world.join('member');
    const cy = await world.join('viewer');
    await leaveWorkspace(bo.client, { workspaceId: world.workspaceId });
    await removeMember(admin.client, { workspaceId: world.workspaceId, userId: cy.id });
    const left = await listMembers(world.owner.client, { workspaceId: world.workspaceId });
    expect(left.map((m) => m.user_id).sort()).toEqual([world.owner.id, admin.id].sort());
  });

  it('shows members each other’s emails, and outsiders none', async () => {
    const world = await createWorld();
    const bo = await world.join('viewer', 'Bo');
    const emails = await listMemberEmails(bo.client, { workspaceId: world.workspaceId });
    expect(emails).toEqual(
      new Map([
        [world.owner.id, world.owner.email],
        [bo.id, bo.email],
      ]),
    );
    const stranger = await createUser('Stranger');
    expect(await listMemberEmails(stranger.client, { workspaceId: world.workspaceId })).toEqual(new Map());
  });

  it('answers outsiders with NOT_FOUND', async () => {
    const world = await createWorld();
    const stranger = await createUser('Stranger');
    await expect(
      removeMember(stranger.client, { workspaceId: world.workspaceId, userId: world.owner.id }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await listMembers(stranger.client, { workspaceId: world.workspaceId })).toEqual([]);
  });
});
