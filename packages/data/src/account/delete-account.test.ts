import { describe, expect, it } from 'vitest';
import { anonClient, createUser, serviceClient } from '../../tests/helpers.ts';
import { png } from '../../tests/images.ts';
import { createWorld } from '../../tests/world.ts';
import { uploadAvatar } from '../avatars/upload-avatar.ts';
import { listMembers } from '../members/list-members.ts';
import { createWorkspace } from '../workspaces/create-workspace.ts';
import { deleteAccount } from './delete-account.ts';
import { signInWithPassword } from './sign-in-with-password.ts';

describe('deleteAccount', () => {
  it('deletes the user, the workspaces only they belong to, and their memberships elsewhere', async () => {
    const world = await createWorld();
    const bo = await world.join('member', 'Bo');
    const own = await createWorkspace(bo.client, { name: 'Solo', slug: `solo-${Date.now().toString(36)}` });
    expect(await deleteAccount(bo.client)).toEqual({ deletedWorkspaceIds: [own.id] });

    await expect(
      signInWithPassword(anonClient(), { email: bo.email, password: bo.password }),
    ).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    const { data } = await serviceClient().from('workspaces').select('id').eq('id', own.id);
    expect(data).toEqual([]);
    expect(
      (await listMembers(world.owner.client, { workspaceId: world.workspaceId })).map((m) => m.user_id),
    ).toEqual([world.owner.id]);
  });

  it('refuses the last owner of a workspace with other members: LAST_OWNER, nothing deleted', async () => {
    const world = await createWorld();
    await world.join('member');
    await expect(deleteAccount(world.owner.client)).rejects.toMatchObject({
      code: 'LAST_OWNER',
      // It names the workspaces to hand over first.
      message: expect.stringContaining('only owner of Acme'),
      details: { workspaces: ['Acme'] },
    });
    expect(
      (await signInWithPassword(anonClient(), { email: world.owner.email, password: world.owner.password }))
        .userId,
    ).toBe(world.owner.id);
  });

  it('two co-owners deleting at once: one account goes, the other gets LAST_OWNER, never a 500', async () => {
    const world = await createWorld();
    const co = await world.join('owner', 'Co');
    await world.join('member');
    const outcomes = await Promise.allSettled([deleteAccount(world.owner.client), deleteAccount(co.client)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused.map((o) => (o as PromiseRejectedResult).reason)).toMatchObject([{ code: 'LAST_OWNER' }]);
    const owners = (await listMembers(serviceClient(), { workspaceId: world.workspaceId })).filter(
      (m) => m.role === 'owner',
    );
    expect(owners).toHaveLength(1);
  });

  it('removes the avatar files too', async () => {
    const user = await createUser('Pic');
    const { avatar_path } = await uploadAvatar(user.client, {
      file: new File([png(32, 32)], 'a.png', { type: 'image/png' }),
    });
    const publicUrl = user.client.storage.from('avatars').getPublicUrl(avatar_path!).data.publicUrl;
    expect((await fetch(publicUrl)).status).toBe(200);
    await deleteAccount(user.client);
    expect((await fetch(publicUrl)).status).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    await expect(deleteAccount(anonClient())).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    const user = await createUser('Zed');
    expect(await deleteAccount(user.client)).toEqual({ deletedWorkspaceIds: [] });
  });
});
