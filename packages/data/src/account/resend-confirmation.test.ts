import { describe, expect, it } from 'vitest';
import { anonClient, SITE_URL, uniqueEmail } from '../../tests/helpers.ts';
import { resendConfirmation } from './resend-confirmation.ts';
import { signUp } from './sign-up.ts';

describe('resendConfirmation', () => {
  it('is refused with RATE_LIMITED right after the sign-up email', async () => {
    const email = uniqueEmail('resend');
    await signUp(anonClient(), { email, password: 'secret12', displayName: 'Re' }, { siteUrl: SITE_URL });
    await expect(resendConfirmation(anonClient(), { email }, { siteUrl: SITE_URL })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: expect.any(Number) },
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ seconds and try again\.$/),
    });
  });
});
