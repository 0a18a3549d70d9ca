import { describe, expect, it } from 'vitest';
import { anonClient, createUser, SITE_URL, uniqueEmail } from '../../tests/helpers.ts';
import { requestPasswordReset } from './request-password-reset.ts';
import { sendMagicLink } from './send-magic-link.ts';

const site = { siteUrl: SITE_URL };

/** What a stranger sees when asking `times` times in a row for `email`: each outcome, as text. */
async function outcomes(ask: (email: string) => Promise<void>, email: string, times: number) {
  const seen: string[] = [];
  for (let i = 0; i < times; i += 1) {
    seen.push(
      await ask(email).then(
        () => 'sent',
        (error: { code?: string }) => error.code ?? 'error',
      ),
    );
  }
  return seen;
}

// Issue 26: Auth refuses a second email to an account within its frequency window (429) but answers 200 for an
// address without an account, so asking twice told a stranger who has an account.
describe('asking twice cannot tell who has an account', () => {
  it('password recovery answers a known and an unknown address alike', async () => {
    const user = await createUser('Rex');
    const ask = (email: string) => requestPasswordReset(anonClient(), { email }, site);
    const known = await outcomes(ask, user.email, 3);
    const unknown = await outcomes(ask, uniqueEmail('nobody'), 3);
    expect(known).toEqual(['sent', 'sent', 'sent']);
    expect(unknown).toEqual(known);
  });

  it('a magic link answers a known and an unknown address alike', async () => {
    const user = await createUser('Rae');
    const ask = (email: string) => sendMagicLink(anonClient(), { email }, site);
    const known = await outcomes(ask, user.email, 3);
    const unknown = await outcomes(ask, uniqueEmail('nobody'), 3);
    expect(known).toEqual(['sent', 'sent', 'sent']);
    expect(unknown).toEqual(known);
  });

  it('a malformed address is still VALIDATION', async () => {
    await expect(requestPasswordReset(anonClient(), { email: 'nope' }, site)).rejects.toMatchObject({
      code: 'VALIDATION',
    });
  });
});
