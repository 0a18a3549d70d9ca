import { describe, expect, it } from 'vitest';
import { anonClient, createUser, SITE_URL, uniqueEmail } from '../../tests/helpers.ts';
import { signInWithPassword } from './sign-in-with-password.ts';
import { signUp } from './sign-up.ts';

describe('signInWithPassword', () => {
  it('signs in a confirmed user and keeps the session on the client', async () => {
    const user = await createUser('Bea');
    const client = anonClient();
    const result = await signInWithPassword(client, {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(result).toEqual({ userId: user.id, email: user.email });
    expect((await client.auth.getSession()).data.session?.user.id).toBe(user.id);
  });

  it('answers a wrong password with INVALID_CREDENTIALS', async () => {
    const user = await createUser('Bea');
    await expect(
      signInWithPassword(anonClient(), { email: user.email, password: 'wrong-pass-9' }),
    ).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
  });

  it('answers an unconfirmed account with EMAIL_NOT_CONFIRMED', async () => {
    const email = uniqueEmail('unconfirmed');
    await signUp(anonClient(), { email, password: 'secret12', displayName: 'Cy' }, { siteUrl: SITE_URL });
    await expect(signInWithPassword(anonClient(), { email, password: 'secret12' })).rejects.toMatchObject({
      code: 'EMAIL_NOT_CONFIRMED',
    });
  });
});
