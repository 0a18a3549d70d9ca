/** @module errors/auth-codes — GoTrue error codes (as auth-js exposes them) → catalogue codes. */
import type { ErrorCode } from '@lanes/shared/errors';
import type { Mapped } from './mapped.ts';

/**
 * GoTrue's `error_code` values the app can meet (email and password accounts, magic links, emailed links,
 * user updates, sign-out), by catalogue code. `auth-codes.test.ts` walks auth-js's full `ErrorCode` list: each
 * code is either here or named there as one the app cannot meet (phone, MFA, SSO, OAuth…).
 */
const BY_AUTH_CODE: Record<string, ErrorCode> = {
  invalid_credentials: 'INVALID_CREDENTIALS',
  email_not_confirmed: 'EMAIL_NOT_CONFIRMED',
  user_already_exists: 'USER_EXISTS',
  email_exists: 'USER_EXISTS',
  identity_already_exists: 'USER_EXISTS',
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
  // A PKCE link opened without the verifier of the browser that asked for it, or too late.
  flow_state_not_found: 'SESSION_EXPIRED',
  flow_state_expired: 'SESSION_EXPIRED',
  bad_code_verifier: 'SESSION_EXPIRED',
  // `secure_password_change`: the session is too old to change the password without signing in again.
  reauthentication_needed: 'SESSION_EXPIRED',
  reauthentication_not_valid: 'VALIDATION',
  reauth_nonce_missing: 'VALIDATION',
  validation_failed: 'VALIDATION',
  bad_json: 'VALIDATION',
  email_address_invalid: 'VALIDATION',
  email_address_not_authorized: 'VALIDATION',
  captcha_failed: 'VALIDATION',
  same_password: 'VALIDATION',
  user_not_found: 'NOT_FOUND',
  identity_not_found: 'NOT_FOUND',
  invite_not_found: 'NOT_FOUND',
  // A magic link for an address without an account (`shouldCreateUser: false`).
  otp_disabled: 'NOT_FOUND',
  not_admin: 'FORBIDDEN',
  user_banned: 'FORBIDDEN',
  signup_disabled: 'FORBIDDEN',
  email_provider_disabled: 'FORBIDDEN',
  provider_disabled: 'FORBIDDEN',
  insufficient_aal: 'FORBIDDEN',
  conflict: 'CONFLICT',
  request_timeout: 'NETWORK',
  hook_timeout: 'NETWORK',
  hook_timeout_after_retry: 'NETWORK',
  unexpected_failure: 'UNEXPECTED',
};

/** Exported for the test that no code the app can meet falls through to UNEXPECTED by accident. */
export const MAPPED_AUTH_CODES: readonly string[] = Object.keys(BY_AUTH_CODE);

/** The field a form should mark for each code GoTrue ties to one input. */
const FIELD: Record<string, string> = {
  user_already_exists: 'email',
  identity_already_exists: 'email',
  email_address_not_authorized: 'email',
  email_exists: 'email',
  email_address_invalid: 'email',
  weak_password: 'password',
  same_password: 'password',
};

const MESSAGE: Record<string, string> = {
  otp_expired: 'This link has expired or was already used. Ask for a new one.',
  flow_state_not_found: 'This link has expired or was already used. Ask for a new one.',
  flow_state_expired: 'This link has expired or was already used. Ask for a new one.',
  bad_code_verifier: 'This link has expired or was already used. Ask for a new one.',
  reauthentication_needed: 'For your security, sign in again before changing your password.',
  reauthentication_not_valid: 'That confirmation code is not valid. Ask for a new one.',
  reauth_nonce_missing: 'Enter the confirmation code we emailed you.',
  email_address_not_authorized: 'Emails cannot be sent to this address.',
  user_banned: 'This account is suspended.',
  signup_disabled: 'New accounts cannot be created right now.',
  email_provider_disabled: 'Signing in with email is turned off.',
  provider_disabled: 'This way of signing in is turned off.',
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
