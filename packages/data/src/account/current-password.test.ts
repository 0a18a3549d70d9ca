import { describe, expect, it } from 'vitest';
import { anonClient, createUser } from '../../tests/helpers.ts';
import { signInWithPassword } from './sign-in-with-password.ts';
import { updatePassword } from './update-password.ts';
import { verifyCurrentPassword } from './verify-current-password.ts';

describe('verifyCurrentPassword', () => {
  it('accepts the right password without leaving a session behind', async () => {
    const user = await createUser('Vera');
    const throwaway = anonClient();
    await verifyCurrentPassword(throwaway, { email: user.email, currentPassword: user.password });
    // The check's own session was signed out again; the user's session is untouched.
    expect((await throwaway.auth.getSession()).data.session).toBeNull();
    expect((await user.client.auth.getUser()).data.user?.id).toBe(user.id);
  });

  it('answers a wrong password on the currentPassword field, and the password stays as it was', async () => {
    const user = await createUser('Wes');
    await expect(
      verifyCurrentPassword(anonClient(), { email: user.email, currentPassword: 'not-my-password-9' }),
    ).rejects.toMatchObject({ code: 'VALIDATION', field: 'currentPassword' });
    await expect(
      verifyCurrentPassword(anonClient(), { email: user.email, currentPassword: '' }),
    ).rejects.toMatchObject({ code: 'VALIDATION', field: 'currentPassword' });
    expect(
      (await signInWithPassword(anonClient(), { email: user.email, password: user.password })).userId,
    ).toBe(user.id);
  });
});

describe('updatePassword with a nonce', () => {
  it('passes a nonce Auth does not need and changes the password', async () => {
    const user = await createUser('Xan');
    await updatePassword(user.client, { password: 'another-pass-2', nonce: '123456' });
    expect(
      (await signInWithPassword(anonClient(), { email: user.email, password: 'another-pass-2' })).userId,
    ).toBe(user.id);
  });
});
