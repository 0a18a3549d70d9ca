/**
 * @module account/request-reauthentication — asks Auth to email the signed-in user the code a password change
 * needs when `[auth.email] secure_password_change` is on and the session is older than a day.
 */
import type { LanesClient } from '../client.ts';
import { unwrap } from '../internal/checks.ts';

export type RequestReauthenticationResult = undefined;

/** SESSION_EXPIRED without a session; RATE_LIMITED when Auth's email frequency refuses another code. */
export async function requestReauthentication(client: LanesClient): Promise<RequestReauthenticationResult> {
  unwrap(await client.auth.reauthenticate());
}
