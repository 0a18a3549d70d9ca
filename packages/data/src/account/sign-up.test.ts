import { describe, expect, it } from 'vitest';
import { anonClient, createUser, latestEmail, SITE_URL, uniqueEmail } from '../../tests/helpers.ts';
import { signUp } from './sign-up.ts';

describe('signUp', () => {
  it('creates an unconfirmed account and emails a link back to /auth/confirm', async () => {
    const email = uniqueEmail('signup');
    const result = await signUp(
      anonClient(),
      { email: ` ${email.toUpperCase()} `, password: 'secret12', displayName: 'Ada' },
      { siteUrl: SITE_URL },
    );
    expect(result.needsConfirmation).toBe(true);
    expect(result.userId).toMatch(/^[0-9a-f-]{36}$/);
    const message = await latestEmail(email);
    // The project's template links straight to the app's /auth/confirm with the token hash (any browser works).
    const link = /https?:\/\/[^\s)]+\/auth\/confirm\?[^\s)]+/.exec(message?.Text ?? '')?.[0] ?? '';
    expect(link).toMatch(new RegExp(`^${SITE_URL}/auth/confirm\\?token_hash=[^&]+&type=email$`));
  });

  it('refuses a registered address with USER_EXISTS on the email field', async () => {
    const existing = await createUser('Existing');
    await expect(
      signUp(
        anonClient(),
        { email: existing.email, password: 'secret12', displayName: 'Again' },
        { siteUrl: SITE_URL },
      ),
    ).rejects.toMatchObject({ code: 'USER_EXISTS', field: 'email' });
  });

  it('refuses a password without a digit before calling the server', async () => {
    const email = uniqueEmail('weak');
    await expect(
      signUp(anonClient(), { email, password: 'onlyletters', displayName: 'Ada' }, { siteUrl: SITE_URL }),
    ).rejects.toMatchObject({ code: 'VALIDATION', field: 'password' });
    expect(await latestEmail(email)).toBeNull();
  });
});
