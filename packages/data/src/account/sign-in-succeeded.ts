/**
 * @module account/sign-in-succeeded — tells the sign-in limits (decision 069) that a password sign-in worked:
 * this account's failures from this address are forgotten (`sign_in_succeeded` RPC, signed-in callers only).
 */

import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';
import { beginAuthAttemptInput } from './begin-auth-attempt.ts';

export const signInSucceededInput = beginAuthAttemptInput.pick({ accountKey: true, addressKey: true });

export type SignInSucceededResult = undefined;

/** @example await signInSucceeded(signedInClient, { accountKey, addressKey }) */
export async function signInSucceeded(
  client: LanesClient,
  input: z.input<typeof signInSucceededInput>,
): Promise<SignInSucceededResult> {
  const keys = parseInput(signInSucceededInput, input);
  unwrap(
    await client.rpc('sign_in_succeeded', { account_key: keys.accountKey, address_key: keys.addressKey }),
  );
}
