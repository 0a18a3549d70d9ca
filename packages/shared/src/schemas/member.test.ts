import { describe, expect, it } from 'vitest';
import { canChangeRole, changeRoleInput } from './member.ts';

const ids = { workspaceId: crypto.randomUUID(), userId: crypto.randomUUID() };

describe('role changes', () => {
  it('lets admins move people among admin, member and viewer', () => {
    expect(canChangeRole('admin', 'member', 'admin')).toBe(true);
    expect(canChangeRole('admin', 'admin', 'viewer')).toBe(true);
  });
  it('lets only owners grant or remove the owner role', () => {
    expect(canChangeRole('admin', 'member', 'owner')).toBe(false);
    expect(canChangeRole('admin', 'owner', 'admin')).toBe(false);
    expect(canChangeRole('owner', 'member', 'owner')).toBe(true);
    expect(canChangeRole('owner', 'owner', 'member')).toBe(true);
  });
  it('refuses members and viewers', () => {
    expect(canChangeRole('member', 'viewer', 'member')).toBe(false);
    expect(canChangeRole('viewer', 'viewer', 'member')).toBe(false);
  });
  it('refines the input schema by the actor', () => {
    expect(changeRoleInput('owner', 'member').safeParse({ ...ids, role: 'owner' }).success).toBe(true);
    const refused = changeRoleInput('admin', 'member').safeParse({ ...ids, role: 'owner' });
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['role'],
      message: 'Only owners can grant or remove the owner role.',
    });
    expect(changeRoleInput('owner', 'member').safeParse({ ...ids, role: 'boss' }).success).toBe(false);
  });
});
