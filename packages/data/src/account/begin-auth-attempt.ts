/**
 * @module account/begin-auth-attempt — asks the database's sign-in and email limits (decision 069) whether one
 * more attempt may go to Auth, and counts it (`begin_auth_attempt` RPC).
 */
import { LanesError } from '@lanes/shared/errors';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

/** A bucket key the web server made: a base64url HMAC-SHA256 digest, never a raw email or address. */
const bucketKey = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Expected a base64url SHA-256 digest');

export const beginAuthAttemptInput = z.object({
  /** `sign_in`: a password sign-in (a failure until `signInSucceeded`); `email`: any auth email asked for. */
  action: z.enum(['sign_in', 'email']),
  accountKey: bucketKey,
  addressKey: bucketKey,
});

export type BeginAuthAttemptResult = undefined;

/**
 * Resolves when the attempt may go ahead (it is then counted); RATE_LIMITED with `details.retryAfterSeconds`
 * when a limit is reached (nothing is counted).
 * @example await beginAuthAttempt(client, { action: 'sign_in', accountKey, addressKey })
 */
export async function beginAuthAttempt(
  client: LanesClient,
  input: z.input<typeof beginAuthAttemptInput>,
): Promise<BeginAuthAttemptResult> {
  const attempt = parseInput(beginAuthAttemptInput, input);
  const wait = unwrap(
    await client.rpc('begin_auth_attempt', {
      action: attempt.action,
      account_key: attempt.accountKey,
      address_key: attempt.addressKey,
    }),
  );
  if (wait > 0) {
    throw new LanesError('RATE_LIMITED', {
      message: `Too many attempts. Please wait ${describeWait(wait)} and try again.`,
      details: { retryAfterSeconds: wait },
    });
  }
}

/** "14 minutes" or "40 seconds": the database answers up to an hour, which reads badly in seconds. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
