import { describe, expect, it } from 'vitest';
import { createUser } from '../../tests/helpers.ts';
import { createWorld } from '../../tests/world.ts';
import { getProfile } from './get-profile.ts';
import { updateProfile } from './update-profile.ts';

describe('profiles', () => {
  it('renames oneself; teammates see it, strangers do not', async () => {
    const world = await createWorld();
    const mate = await world.join('viewer');
    const stranger = await createUser('Stranger');
    expect((await updateProfile(world.owner.client, { displayName: '  Olivia ' })).display_name).toBe(
      'Olivia',
    );
    expect((await getProfile(mate.client, { userId: world.owner.id })).display_name).toBe('Olivia');
    await expect(getProfile(stranger.client, { userId: world.owner.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('refuses a blank name before sending', async () => {
    const user = await createUser('Name');
    await expect(updateProfile(user.client, { displayName: ' ' })).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'displayName',
    });
  });
});
