/**
 * @module auth/mail — GoTrue's email flows into the stack's inbox: one-time codes and their hashes (what the
 * links carry), the default templates' links `<api>/auth/v1/verify?token=…&type=…&redirect_to=…`, the
 * per-address `max_frequency` and the hourly `email_sent` budget.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import { tooMany } from './errors.ts';
import type { AuthService } from './state.ts';

export type EmailAction = 'signup' | 'magiclink' | 'recovery' | 'invite' | 'email_change';

/** What an email is about: a link-bearing action, or the bare code of a reauthentication. */
export type EmailKind = EmailAction | 'reauthentication';

export type OneTimeTokenType =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'reauthentication_token';

/** A numeric code of `length` digits, as GoTrue's email OTPs. */
export function generateOtp(length: number): string {
  let otp = '';
  for (let i = 0; i < length; i++) otp += String(randomInt(10));
  return otp;
}

/** What GoTrue stores and puts in links: hex SHA-224 of the address followed by the code. */
export const tokenHash = (address: string, otp: string) =>
  createHash('sha224')
    .update(address + otp)
    .digest('hex');

/** Refuses a second email to one address within `max_frequency`, with GoTrue's message. */
export function checkFrequency(service: AuthService, sentAt: Date | null): void {
  const frequencyMs = service.config.email.maxFrequencySeconds * 1000;
  if (!sentAt || sentAt.getTime() + frequencyMs <= Date.now()) return;
  const left = Math.floor((sentAt.getTime() + frequencyMs - Date.now()) / 1000);
  throw tooMany(
    'over_email_send_rate_limit',
    `For security purposes, you can only request this after ${left} seconds.`,
  );
}

/** Spends one email from the hourly budget; GoTrue only counts when confirmations are on. */
export function spendEmailBudget(service: AuthService): void {
  const limit = service.config.rateLimit.emailSent;
  const counted = service.config.email.enableConfirmations;
  if (limit === 0 || (counted && !service.limiters.email.allow())) {
    throw tooMany('over_email_send_rate_limit', 'email rate limit exceeded');
  }
}

/** Keeps the hashed token in auth.one_time_tokens, replacing the previous one of that type. */
export async function saveOneTimeToken(
  db: Db,
  userId: string,
  type: OneTimeTokenType,
  hash: string,
  relatesTo: string,
): Promise<void> {
  await db`delete from auth.one_time_tokens where user_id = ${userId} and token_type = ${type}`;
  await db`
    insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to, created_at, updated_at)
    values (${randomUUID()}, ${userId}, ${type}, ${hash}, ${relatesTo}, now(), now())`;
}

export async function clearOneTimeTokens(db: Db, userId: string, types: OneTimeTokenType[]): Promise<void> {
  await db`delete from auth.one_time_tokens where user_id = ${userId} and token_type = any(${types}::auth.one_time_token_type[])`;
}

/** GoTrue leaves an already-encoded redirect alone and escapes one that carries `&`, `=` or `#`. */
const encodeRedirect = (url: string) => (/[&=#]/.test(url) ? encodeURIComponent(url) : url);

export function actionLink(
  service: AuthService,
  token: string,
  type: EmailAction,
  redirectTo: string,
): string {
  return `${service.issuer}/verify?token=${encodeURIComponent(token)}&type=${type}&redirect_to=${encodeRedirect(redirectTo)}`;
}
