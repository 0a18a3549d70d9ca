/**
 * @module auth/mail — GoTrue's email flows into the stack's inbox: one-time codes and their hashes (what the
 * links carry), the default templates' links `<api>/auth/v1/verify?token=…&type=…&redirect_to=…`, the
 * per-address `max_frequency` and the hourly `email_sent` budget.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { escapeHtml } from '../inbox/inbox.ts';
import { tooMany } from './errors.ts';
import type { AuthService } from './state.ts';
import type { Db } from './users.ts';

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

/** Subjects as GoTrue's defaults (apps and tests match on them); the bodies are our own words. */
const TEMPLATES: Record<EmailKind, { subject: string; heading: string; intro: string; button: string }> = {
  signup: {
    subject: 'Confirm Your Email',
    heading: 'Confirm your email address',
    intro: 'Open this link to finish signing up:',
    button: 'Confirm my email',
  },
  invite: {
    subject: 'You have been invited',
    heading: 'An invitation for you',
    intro: 'Open this link to accept the invitation and create your account:',
    button: 'Accept invitation',
  },
  magiclink: {
    subject: 'Your Magic Link',
    heading: 'Sign in',
    intro: 'Open this link to sign in:',
    button: 'Sign in',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Password reset',
    intro: 'Open this link to choose a new password:',
    button: 'Choose a new password',
  },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm your new email address',
    intro: 'Open this link to confirm the change of your email address:',
    button: 'Confirm the change',
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    heading: 'Confirm it is you',
    intro: 'Use this code to confirm the change you asked for.',
    button: '',
  },
};

/** Sends one auth email to the inbox, with the link and the code (for `verifyOtp`). */
export function deliver(
  service: AuthService,
  mail: { to: string; type: EmailKind; link: string | null; otp: string },
): void {
  const t = TEMPLATES[mail.type];
  const link = mail.link ? `${mail.link}\n` : '';
  const text = `${t.heading}\n\n${t.intro}\n${link}\nOr enter this code: ${mail.otp}\n`;
  const anchor = mail.link ? `\n<p><a href="${escapeHtml(mail.link)}">${t.button}</a></p>` : '';
  const html = `<h2>${t.heading}</h2>
<p>${t.intro}</p>${anchor}
<p>Or enter this code: ${mail.otp}</p>`;
  service.stack.inbox.send({ to: mail.to, subject: t.subject, text, html });
}
