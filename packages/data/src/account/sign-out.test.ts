import { describe, expect, it } from 'vitest';
import { anonClient, createUser } from '../../tests/helpers.ts';
import { getCurrentUser } from './get-current-user.ts';
import { signOut } from './sign-out.ts';

describe('signOut and getCurrentUser', () => {
  it('reads the signed-in user from the Auth server', async () => {
    const user = await createUser('Fay');
    expect(await getCurrentUser(user.client)).toEqual({
      id: user.id,
      email: user.email,
      emailConfirmed: true,
      displayName: 'Fay',
    });
    expect(await getCurrentUser(anonClient())).toBeNull();
  });

  it('signs out this device only', async () => {
    const user = await createUser('Gil');
    const other = anonClient();
    await other.auth.signInWithPassword({ email: user.email, password: user.password });
    await signOut(user.client);
    expect(await getCurrentUser(user.client)).toBeNull();
    expect((await getCurrentUser(other))?.id).toBe(user.id);
  });

  it('signs out everywhere', async () => {
    const user = await createUser('Hal');
    const other = anonClient();
    await other.auth.signInWithPassword({ email: user.email, password: user.password });
    await signOut(user.client, { scope: 'global' });
    expect(await getCurrentUser(other)).toBeNull();
  });
});
