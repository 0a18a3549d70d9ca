import { describe, expect, it } from 'vitest';
import { anonClient, createUser, latestEmail, SITE_URL, uniqueEmail } from '../../tests/helpers.ts';
import { sendMagicLink } from './send-magic-link.ts';

describe('sendMagicLink', () => {
  it('emails a link to the app’s /auth/confirm with the token hash, usable in any browser', async () => {
    const user = await createUser('Mo');
    await expect(
      sendMagicLink(anonClient(), { email: user.email }, { siteUrl: SITE_URL }),
    ).resolves.toBeUndefined();
    const message = await latestEmail(user.email);
    expect(message?.Subject).toMatch(/magic link/i);
    expect(message?.Text).toMatch(new RegExp(`${SITE_URL}/auth/confirm\\?token_hash=[^&\\s]+&type=email`));
  });

  it('answers an address without an account exactly as a known one, and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    await expect(sendMagicLink(anonClient(), { email }, { siteUrl: SITE_URL })).resolves.toBeUndefined();
    expect(await latestEmail(email)).toBeNull();
  });

  it('refuses a malformed address with VALIDATION before calling Auth', async () => {
    await expect(
      sendMagicLink(anonClient(), { email: 'not-an-email' }, { siteUrl: SITE_URL }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});
