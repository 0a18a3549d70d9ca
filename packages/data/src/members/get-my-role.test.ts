import { describe, expect, it } from 'vitest';
import { anonClient } from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { changeMemberRole } from './change-member-role.ts';
import { getMyRole } from './get-my-role.ts';
import { removeMember } from './remove-member.ts';

describe('getMyRole', () => {
  it('follows a demotion and a removal, and is null in a workspace I never joined', async () => {
    const world = await createWorld();
    const bo = await world.join('member', 'Bo');
    const workspaceId = world.workspaceId;
    expect(await getMyRole(world.owner.client, { workspaceId })).toBe('owner');
    expect(await getMyRole(bo.client, { workspaceId })).toBe('member');
    await changeMemberRole(world.owner.client, { workspaceId, userId: bo.id, role: 'viewer' });
    expect(await getMyRole(bo.client, { workspaceId })).toBe('viewer');
    await removeMember(world.owner.client, { workspaceId, userId: bo.id });
    expect(await getMyRole(bo.client, { workspaceId })).toBeNull();
    const other = await createWorld();
    expect(await getMyRole(other.owner.client, { workspaceId })).toBeNull();
  });

  it('refuses a bad id with VALIDATION and a signed-out client with SESSION_EXPIRED', async () => {
    const world = await createWorld();
    await expect(getMyRole(world.owner.client, { workspaceId: 'nope' })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    await expect(getMyRole(anonClient(), { workspaceId: world.workspaceId })).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });
});
