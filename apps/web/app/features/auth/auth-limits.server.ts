/**
 * @module features/auth/auth-limits.server — the sign-in and auth-email limits (decision 069) as the auth
 * actions use them: bucket keys for an email and the visitor's address, made with the server's secret so
 * nobody else can name them, and the database's say before each attempt.
 */
import { createHmac } from 'node:crypto';
import { beginAuthAttempt } from '@lanes/data/account/begin-auth-attempt';
import { signInSucceeded } from '@lanes/data/account/sign-in-succeeded';
import type { LanesClient } from '@lanes/data/client';
import { env } from '#app/env.server.ts';
import { clientAddress } from '#app/lib/client-address.server.ts';

export interface AttemptKeys {
  accountKey: string;
  addressKey: string;
}

const digest = (kind: string, value: string) =>
  createHmac('sha256', env.AUTH_LIMIT_SECRET).update(`${kind}:${value}`).digest('base64url');

/** Keys for `email` (as Auth compares it: trimmed, lower case) from the address of `request`'s visitor. */
export function attemptKeys(request: Request, email: string): AttemptKeys {
  return {
    accountKey: digest('account', email.trim().toLowerCase()),
    addressKey: digest('address', clientAddress(request, env.TRUSTED_PROXIES)),
  };
}

/** Throws RATE_LIMITED (with the wait) when this password sign-in must not reach Auth; counts it otherwise. */
export const beginSignIn = (client: LanesClient, keys: AttemptKeys) =>
  beginAuthAttempt(client, { action: 'sign_in', ...keys });

/** Throws RATE_LIMITED when no more auth emails may be asked for this address or from this visitor. */
export const beginEmail = (client: LanesClient, keys: AttemptKeys) =>
  beginAuthAttempt(client, { action: 'email', ...keys });

/**
 * Clears this pair's failures after a sign-in worked. The sign-in stands even if this fails (logged): the
 * failures then age out on their own.
 */
export async function signedIn(client: LanesClient, keys: AttemptKeys): Promise<void> {
  try {
    await signInSucceeded(client, keys);
  } catch (error) {
    console.error(error);
  }
}
