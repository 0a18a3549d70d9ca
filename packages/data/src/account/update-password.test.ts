import { describe, expect, it } from 'vitest';
import { anonClient, createUser, emailedTokenHash, SITE_URL } from '../../tests/helpers.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { signInWithPassword } from './sign-in-with-password.ts';
import { updatePassword } from './update-password.ts';
import { verifyEmailLink } from './verify-email-link.ts';

describe('password recovery and update', () => {
  it('recovers through the emailed link and sets a new password', async () => {
    const user = await createUser('Ivy');
    await requestPasswordReset(anonClient(), { email: user.email }, { siteUrl: SITE_URL });
    const client = anonClient();
    await verifyEmailLink(client, { tokenHash: await emailedTokenHash(user.email), type: 'recovery' });
    await updatePassword(client, { password: 'brand-new-2' });
    expect(
      (await signInWithPassword(anonClient(), { email: user.email, password: 'brand-new-2' })).userId,
    ).toBe(user.id);
  });

  it('refuses a password breaking the rule before calling the server', async () => {
    const user = await createUser('Jo');
    await expect(updatePassword(user.client, { password: 'short1' })).rejects.toMatchObject({
      code: 'VALIDATION',
      field: 'password',
    });
  });

  it('needs a session', async () => {
    await expect(updatePassword(anonClient(), { password: 'brand-new-2' })).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });
});
