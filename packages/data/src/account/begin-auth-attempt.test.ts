import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anonClient, createUser } from '../../tests/helpers.ts';
import { beginAuthAttempt, describeWait } from './begin-auth-attempt.ts';
import { signInSucceeded } from './sign-in-succeeded.ts';

const key = () => randomBytes(32).toString('base64url');

describe('beginAuthAttempt', () => {
  it('lets 10 failed sign-ins of one account from one address through, then answers RATE_LIMITED with the wait', async () => {
    const client = anonClient();
    const keys = { accountKey: key(), addressKey: key() };
    for (let i = 0; i < 10; i += 1) await beginAuthAttempt(client, { action: 'sign_in', ...keys });
    const refused = await beginAuthAttempt(client, { action: 'sign_in', ...keys }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
      message: expect.stringMatching(/^Too many attempts\. Please wait 1[45] minutes and try again\.$/),
      details: { retryAfterSeconds: expect.any(Number) },
    });
  });

  it('after signInSucceeded (as the signed-in user) the pair starts again', async () => {
    const user = await createUser('Lim');
    const keys = { accountKey: key(), addressKey: key() };
    for (let i = 0; i < 10; i += 1) await beginAuthAttempt(anonClient(), { action: 'sign_in', ...keys });
    await signInSucceeded(user.client, keys);
    await expect(beginAuthAttempt(anonClient(), { action: 'sign_in', ...keys })).resolves.toBeUndefined();
  });

  it('refuses keys that are not digests with VALIDATION before sending anything', async () => {
    await expect(
      beginAuthAttempt(anonClient(), {
        action: 'sign_in',
        accountKey: 'alice@lanes.test',
        addressKey: key(),
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
    await expect(
      beginAuthAttempt(anonClient(), { action: 'sign_up' as never, accountKey: key(), addressKey: key() }),
    ).rejects.toMatchObject({ code: 'VALIDATION' });
  });

  it('signInSucceeded without a session is refused (anon may not clear failures)', async () => {
    await expect(
      signInSucceeded(anonClient(), { accountKey: key(), addressKey: key() }),
    ).rejects.toMatchObject({
      code: expect.stringMatching(/^(FORBIDDEN|SESSION_EXPIRED)$/),
    });
  });
});

describe('describeWait', () => {
  it('says seconds under a minute and whole minutes above', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(59)).toBe('59 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(describeWait(3600)).toBe('60 minutes');
  });
});
