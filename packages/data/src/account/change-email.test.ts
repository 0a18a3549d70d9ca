import { describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  emailedTokenHash,
  latestEmail,
  SITE_URL,
  uniqueEmail,
} from '../../tests/helpers.ts';
import { changeEmail } from './change-email.ts';
import { signInWithPassword } from './sign-in-with-password.ts';
import { verifyEmailLink } from './verify-email-link.ts';

describe('changeEmail', () => {
  it('emails both addresses; once both links are opened the account signs in with the new one', async () => {
    const user = await createUser('Nia');
    const next = uniqueEmail('moved');
    await changeEmail(user.client, { email: ` ${next.toUpperCase()} ` }, { siteUrl: SITE_URL });
    for (const address of [user.email, next]) {
      const message = await latestEmail(address);
      expect(message?.Subject).toMatch(/email change/i);
      expect(message?.Text).toContain(`${SITE_URL}/auth/confirm?token_hash=`);
    }
    // Nothing has changed yet.
    expect(
      (await signInWithPassword(anonClient(), { email: user.email, password: user.password })).userId,
    ).toBe(user.id);
    for (const address of [user.email, next]) {
      await verifyEmailLink(anonClient(), {
        tokenHash: await emailedTokenHash(address),
        type: 'email_change',
      });
    }
    expect((await signInWithPassword(anonClient(), { email: next, password: user.password })).userId).toBe(
      user.id,
    );
  });

  it('refuses an address another account has with USER_EXISTS on the email field', async () => {
    const [user, other] = await Promise.all([createUser('Oz'), createUser('Pam')]);
    await expect(
      changeEmail(user.client, { email: other.email }, { siteUrl: SITE_URL }),
    ).rejects.toMatchObject({
      code: 'USER_EXISTS',
      field: 'email',
    });
  });

  it('refuses a malformed address before calling Auth', async () => {
    const user = await createUser('Quin');
    await expect(changeEmail(user.client, { email: 'nope' }, { siteUrl: SITE_URL })).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});
