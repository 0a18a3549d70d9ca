/**
 * @module features/auth/confirm.server — completes every emailed link on the server: `token_hash` + `type`
 * (the @supabase/ssr email template) or `?code=` (GoTrue's PKCE redirect), then picks where to go.
 */
import { verifyEmailLink } from '@lanes/data/account/verify-email-link';
import type { LanesClient } from '@lanes/data/client';
import { toLanesError } from '@lanes/data/errors';
import { LanesError } from '@lanes/shared/errors';
import type { EMAIL_OTP_TYPES } from '@lanes/shared/schemas/auth';
import { safeNext } from '#app/lib/safe-next.ts';
import { readUser } from '#app/lib/supabase.server.ts';

export interface ConfirmResult {
  next: string;
}

/** Throws a LanesError (SESSION_EXPIRED for a used or old link) when the link cannot be completed. */
export async function confirmEmailLink(
  client: LanesClient,
  params: URLSearchParams,
  remembered: string | null,
): Promise<ConfirmResult> {
  const tokenHash = params.get('token_hash');
  const type = params.get('type');
  const code = params.get('code');
  if (tokenHash && type) {
    // The link's type is whatever the URL says: the operation parses it, and anything else is VALIDATION.
    await verifyEmailLink(client, { tokenHash, type: type as (typeof EMAIL_OTP_TYPES)[number] });
  } else if (code) {
    await exchangeCode(client, code);
  } else {
    // GoTrue reports a bad link as `?error=…&error_code=otp_expired`; treat a bare visit the same way.
    throw new LanesError('SESSION_EXPIRED', {
      message: 'This link has expired or was already used. Ask for a new one.',
    });
  }
  const user = await readUser(client);
  const recovering = type === 'recovery' || (user?.methods.includes('recovery') ?? false);
  // An email change ends where it started, on the account page, which shows the address now in use.
  const fallback = recovering ? '/reset-password' : type === 'email_change' ? '/account' : '/w';
  return { next: safeNext(params.get('next') ?? remembered, fallback) };
}

/**
 * PKCE: the code verifier was stored in a cookie by the same browser when it asked for the email. The data
 * package has no operation for this yet, so this is the app's small adapter (errors still go through the mapper).
 */
async function exchangeCode(client: LanesClient, code: string): Promise<void> {
  const { error } = await client.auth.exchangeCodeForSession(code);
  if (!error) return;
  const mapped = toLanesError(error);
  throw mapped.code === 'UNEXPECTED' || mapped.code === 'VALIDATION'
    ? new LanesError('SESSION_EXPIRED', {
        message:
          'This link cannot be used here. Open it in the browser you asked for it from, or ask for a new one.',
        cause: error,
      })
    : mapped;
}
