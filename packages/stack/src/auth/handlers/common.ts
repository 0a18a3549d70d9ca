/**
 * @module auth/handlers/common — checks several endpoints share: email format, per-IP limits, the client
 * a session is opened for.
 */
import { tooMany, validation } from '../errors.ts';
import type { WindowLimiter } from '../ratelimit.ts';
import type { Client } from '../sessions.ts';
import type { Call } from '../state.ts';

const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** GoTrue's validateEmail: required, at most 255 characters, well formed; returns it lower-cased. */
export function validateEmail(email: string): string {
  if (!email) throw validation('An email address is required');
  if (email.length > 255) throw validation('An email address is too long');
  if (!EMAIL.test(email)) throw validation('Unable to validate email address: invalid format');
  return email.toLowerCase();
}

/** GoTrue's validatePhone: `+` and spaces dropped, then E.164 digits. */
export function validatePhone(phone: string): string {
  const digits = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9]\d{1,14}$/.test(digits)) throw validation('Invalid phone number format (E.164 required)');
  return digits;
}

/** Spends one request of the caller's IP from `limiter`, or answers 429 `over_request_rate_limit`. */
export function limit(call: Call, limiter: WindowLimiter): void {
  if (!limiter.allow(call.ip)) throw tooMany('over_request_rate_limit', 'Request rate limit reached');
}

export const clientOf = (call: Call): Client => ({
  ip: call.ip,
  userAgent: call.request.headers.get('user-agent'),
});

/** `{}`, the body GoTrue answers when it will not say whether an address is known. */
export const EMPTY = {};
