/** @module errors/auth-codes — GoTrue error codes (as auth-js exposes them) → catalogue codes. */
import type { ErrorCode } from '@lanes/shared/errors';
import type { Mapped } from './to-lanes-error.ts';

/** GoTrue's `error_code` values we meet, by catalogue code. Anything else is UNEXPECTED. */
const BY_AUTH_CODE: Record<string, ErrorCode> = {
  invalid_credentials: 'INVALID_CREDENTIALS',
  email_not_confirmed: 'EMAIL_NOT_CONFIRMED',
  user_already_exists: 'USER_EXISTS',
  email_exists: 'USER_EXISTS',
  weak_password: 'WEAK_PASSWORD',
  over_email_send_rate_limit: 'RATE_LIMITED',
  over_request_rate_limit: 'RATE_LIMITED',
  over_sms_send_rate_limit: 'RATE_LIMITED',
  session_not_found: 'SESSION_EXPIRED',
  session_expired: 'SESSION_EXPIRED',
  refresh_token_not_found: 'SESSION_EXPIRED',
  refresh_token_already_used: 'SESSION_EXPIRED',
  bad_jwt: 'SESSION_EXPIRED',
  no_authorization: 'SESSION_EXPIRED',
  // An emailed link that expired or was used: sign in again (or ask for a new link) from the sign-in page.
  otp_expired: 'SESSION_EXPIRED',
  validation_failed: 'VALIDATION',
  email_address_invalid: 'VALIDATION',
  same_password: 'VALIDATION',
  user_not_found: 'NOT_FOUND',
  not_admin: 'FORBIDDEN',
};

/** The field a form should mark for each code GoTrue ties to one input. */
const FIELD: Record<string, string> = {
  user_already_exists: 'email',
  email_exists: 'email',
  email_address_invalid: 'email',
  weak_password: 'password',
  same_password: 'password',
};

const MESSAGE: Record<string, string> = {
  otp_expired: 'This link has expired or was already used. Ask for a new one.',
  same_password: 'Choose a password different from the current one.',
};

export function authCode(name: string, e: Record<string, unknown>): Mapped {
  // auth-js wraps failed fetches and 5xx answers in AuthRetryableFetchError.
  if (name === 'AuthRetryableFetchError') return { code: 'NETWORK' };
  if (name === 'AuthSessionMissingError' || name === 'AuthInvalidJwtError')
    return { code: 'SESSION_EXPIRED' };
  if (name === 'AuthInvalidCredentialsError') return { code: 'VALIDATION' };
  const raw = typeof e.code === 'string' ? e.code : undefined;
  if (raw === undefined) {
    // Servers before error codes: fall back to the status alone.
    if (e.status === 429) return { code: 'RATE_LIMITED' };
    return { code: 'UNEXPECTED' };
  }
  const code = BY_AUTH_CODE[raw] ?? 'UNEXPECTED';
  const mapped: Mapped = { code };
  const field = FIELD[raw];
  if (field) mapped.field = field;
  const message = MESSAGE[raw];
  if (message) mapped.message = message;
  // GoTrue names the wait in prose only ("…you can only request this after 58 seconds."): keep the number.
  const wait =
    code === 'RATE_LIMITED' && typeof e.message === 'string'
      ? /after (\d+) seconds?/.exec(e.message)?.[1]
      : undefined;
  if (wait) {
    mapped.details = { retryAfterSeconds: Number(wait) };
    mapped.message = `Too many attempts. Please wait ${wait} seconds and try again.`;
  }
  if (raw === 'weak_password') {
    const reasons = (e.reasons ?? (e.weak_password as { reasons?: unknown } | undefined)?.reasons) as unknown;
    if (Array.isArray(reasons)) mapped.details = { reasons };
  }
  return mapped;
}
