/**
 * @module features/account/current-password.server — the account page's proof of the current password: counted
 * against the sign-in limits like a sign-in (decision 069), checked on a throwaway client so the visitor's own
 * session is not replaced, and Auth's reauthentication code asked for when a password change needs it.
 */
import { requestReauthentication } from '@lanes/data/account/request-reauthentication';
import { verifyCurrentPassword } from '@lanes/data/account/verify-current-password';
import { createLanesClient, type LanesClient } from '@lanes/data/client';
import { env } from '#app/env.server.ts';

/** The limits for this visitor and this account, handed in by the route (it composes the auth feature's). */
export interface AuthGuard {
  /** Throws RATE_LIMITED when no more password attempts may go to Auth; counts this one otherwise. */
  beginSignIn(): Promise<void>;
  /** Clears this pair's failures after the password was right. */
  signedIn(): Promise<void>;
  /** Throws RATE_LIMITED when no more auth emails may be sent to this account or from this visitor. */
  beginEmail(): Promise<void>;
}

/** A client that keeps nothing: the check's session lives and ends inside it. */
const throwaway = () =>
  createLanesClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

/** VALIDATION on `currentPassword` when wrong; RATE_LIMITED (nothing sent to Auth) past the sign-in limits. */
export async function proveCurrentPassword(
  email: string,
  currentPassword: string,
  guard: AuthGuard,
): Promise<void> {
  await guard.beginSignIn();
  await verifyCurrentPassword(throwaway(), { email, currentPassword });
  await guard.signedIn();
}

/** Emails the code `updatePassword` needs as `nonce`, within the auth email limits. */
export async function askForReauthentication(client: LanesClient, guard: AuthGuard): Promise<void> {
  await guard.beginEmail();
  await requestReauthentication(client);
}
