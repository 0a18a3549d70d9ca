import { describe, expect, it } from 'vitest';
import { anonClient, createUser, emailedTokenHash, SITE_URL, uniqueEmail } from '../../tests/helpers.ts';
import { sendMagicLink } from './send-magic-link.ts';
import { signUp } from './sign-up.ts';
import { verifyEmailLink } from './verify-email-link.ts';

describe('verifyEmailLink', () => {
  it('confirms a sign-up from the emailed token hash and signs the user in', async () => {
    const email = uniqueEmail('confirm');
    const { userId } = await signUp(
      anonClient(),
      { email, password: 'secret12', displayName: 'Di' },
      { siteUrl: SITE_URL },
    );
    const client = anonClient();
    expect(
      await verifyEmailLink(client, { tokenHash: await emailedTokenHash(email), type: 'signup' }),
    ).toEqual({ userId, type: 'signup' });
    expect((await client.auth.getSession()).data.session?.user.email).toBe(email);
  });

  it('signs in with a magic link, once', async () => {
    const user = await createUser('Eve');
    await sendMagicLink(anonClient(), { email: user.email }, { siteUrl: SITE_URL });
    const tokenHash = await emailedTokenHash(user.email);
    expect((await verifyEmailLink(anonClient(), { tokenHash, type: 'magiclink' })).userId).toBe(user.id);
    await expect(verifyEmailLink(anonClient(), { tokenHash, type: 'magiclink' })).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
      message: 'This link has expired or was already used. Ask for a new one.',
    });
  });
});
