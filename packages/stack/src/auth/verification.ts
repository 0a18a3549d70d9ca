/**
 * @module auth/verification — the pure-ish core of `/verify`: find the user a token or code belongs to
 * (GoTrue's `otp_expired` 403 when none or too old) and apply what it confirms: a signup or invite, a
 * magic link or recovery, or one half / the whole of an email change.
 */
import { randomBytes } from 'node:crypto';
import { audit } from './audit.ts';
import type { Db } from './db.ts';
import { AuthError, forbidden, validation } from './errors.ts';
import { clearOneTimeTokens } from './mail.ts';
import { hashPassword } from './passwords.ts';
import type { AuthService } from './state.ts';
import { isBanned, isConfirmed, type UserRow, updateEmailIdentity, updateUser } from './users.ts';

export type VerifyType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change' | 'email';

const LINK_INVALID = 'Email link is invalid or has expired';
const CODE_INVALID = 'Token has expired or is invalid';

const expired = (service: AuthService, sentAt: Date | null) =>
  !sentAt || Date.now() > sentAt.getTime() + service.config.email.otpExpiry * 1000;

/** GET links and POST `token_hash`: the hash is looked up directly. Narrows `email` to what it matched. */
export async function userByTokenHash(
  service: AuthService,
  db: Db,
  type: VerifyType,
  hash: string,
): Promise<{ user: UserRow; type: Exclude<VerifyType, 'email'> }> {
  let rows: UserRow[];
  if (type === 'email') {
    rows = await db<
      UserRow[]
    >`select * from auth.users where confirmation_token = ${hash} or recovery_token = ${hash}`;
  } else if (type === 'signup' || type === 'invite') {
    rows = await db<UserRow[]>`select * from auth.users where confirmation_token = ${hash}`;
  } else if (type === 'magiclink' || type === 'recovery') {
    rows = await db<UserRow[]>`select * from auth.users where recovery_token = ${hash}`;
  } else if (type === 'email_change') {
    rows = await db<UserRow[]>`
      select * from auth.users where email_change_token_current = ${hash} or email_change_token_new = ${hash}`;
  } else throw validation('Invalid email verification type');
  const user = rows[0];
  if (!user) throw forbidden('otp_expired', LINK_INVALID);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  let narrowed: Exclude<VerifyType, 'email'> = type === 'email' ? 'signup' : type;
  let sentAt = user.confirmation_sent_at;
  if (type === 'email' && user.recovery_token === hash) narrowed = 'magiclink';
  if (narrowed === 'magiclink' || narrowed === 'recovery') sentAt = user.recovery_sent_at;
  if (narrowed === 'email_change') sentAt = user.email_change_sent_at;
  if (expired(service, sentAt)) throw forbidden('otp_expired', LINK_INVALID);
  return { user, type: narrowed };
}

/** POST `email` + `token` (the code): the hash of address + code must match what was sent, in time. */
export async function userByCode(
  service: AuthService,
  db: Db,
  type: VerifyType,
  email: string,
  hash: string,
): Promise<{ user: UserRow; type: Exclude<VerifyType, 'email'> }> {
  const [user] =
    type === 'email_change'
      ? await db<UserRow[]>`select * from auth.users where aud = 'authenticated' and
          (lower(email_change) = ${email} or lower(email) = ${email}) and is_sso_user = false limit 1`
      : await db<UserRow[]>`select * from auth.users where aud = 'authenticated' and lower(email) = ${email}
          and is_sso_user = false limit 1`;
  if (!user) throw forbidden('otp_expired', CODE_INVALID);
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const matches = (expected: string | null, sentAt: Date | null) =>
    !!expected && !expired(service, sentAt) && (expected === hash || expected === `pkce_${hash}`);
  let narrowed: Exclude<VerifyType, 'email'> | null = null;
  if (type === 'email') {
    if (matches(user.confirmation_token, user.confirmation_sent_at)) narrowed = 'signup';
    else if (matches(user.recovery_token, user.recovery_sent_at)) narrowed = 'magiclink';
  } else if (type === 'signup' || type === 'invite') {
    if (matches(user.confirmation_token, user.confirmation_sent_at)) narrowed = type;
  } else if (type === 'magiclink' || type === 'recovery') {
    if (matches(user.recovery_token, user.recovery_sent_at)) narrowed = type;
  } else if (
    matches(user.email_change_token_current, user.email_change_sent_at) ||
    matches(user.email_change_token_new, user.email_change_sent_at)
  ) {
    narrowed = 'email_change';
  }
  if (!narrowed) throw forbidden('otp_expired', CODE_INVALID);
  return { user, type: narrowed };
}

async function confirmSignup(service: AuthService, db: Db, user: UserRow): Promise<UserRow> {
  const fields: Record<string, unknown> = { confirmation_token: '' };
  if (!isConfirmed(user)) fields.email_confirmed_at = new Date();
  // An invited user who never chose a password gets a random one, so the password grant stays closed.
  if (!user.encrypted_password && user.invited_at) {
    fields.encrypted_password = await hashPassword(randomBytes(32).toString('base64url'), service.hashCost);
  }
  const updated = await updateUser(db, user.id, fields);
  await audit(db, user, 'user_signedup', { provider: 'email' });
  await clearOneTimeTokens(db, user.id, ['confirmation_token']);
  await updateEmailIdentity(db, user.id, { email_verified: true });
  return updated;
}

async function confirmRecovery(db: Db, user: UserRow): Promise<UserRow> {
  const fields: Record<string, unknown> = { recovery_token: '' };
  if (!isConfirmed(user)) fields.email_confirmed_at = new Date();
  const updated = await updateUser(db, user.id, fields);
  if (isConfirmed(user)) await audit(db, user, 'login');
  else await audit(db, user, 'user_signedup', { provider: 'email' });
  await clearOneTimeTokens(db, user.id, ['recovery_token']);
  return updated;
}

/**
 * With secure email change, the first link followed only records that half (returns null: GoTrue answers
 * "Confirmation link accepted…"); the second (or the only one, otherwise) moves the address.
 */
async function confirmEmailChange(
  service: AuthService,
  db: Db,
  user: UserRow,
  hash: string,
): Promise<UserRow | null> {
  const secure =
    service.config.email.enableConfirmations && service.config.email.doubleConfirmChanges && !!user.email;
  if (secure && (user.email_change_confirm_status ?? 0) === 0) {
    const matchedCurrent =
      user.email_change_token_current === hash || user.email_change_token_current === `pkce_${hash}`;
    await updateUser(db, user.id, {
      email_change_confirm_status: 1,
      ...(matchedCurrent ? { email_change_token_current: '' } : { email_change_token_new: '' }),
    });
    await clearOneTimeTokens(db, user.id, [
      matchedCurrent ? 'email_change_token_current' : 'email_change_token_new',
    ]);
    return null;
  }
  const next = user.email_change ?? '';
  await audit(db, user, 'user_modified');
  await updateEmailIdentity(db, user.id, { email: next, email_verified: true });
  const updated = await updateUser(db, user.id, {
    email: next,
    email_change: '',
    email_change_token_current: '',
    email_change_token_new: '',
    email_change_confirm_status: 0,
    ...(isConfirmed(user) ? {} : { email_confirmed_at: new Date() }),
  });
  await db`delete from auth.one_time_tokens where user_id = ${user.id}`;
  return updated;
}

/** Applies a verified token; null means "half of a secure email change accepted". */
export async function applyVerification(
  service: AuthService,
  db: Db,
  user: UserRow,
  type: Exclude<VerifyType, 'email'>,
  hash: string,
): Promise<UserRow | null> {
  switch (type) {
    case 'signup':
    case 'invite':
      return confirmSignup(service, db, user);
    case 'magiclink':
    case 'recovery':
      return confirmRecovery(db, user);
    case 'email_change':
      return confirmEmailChange(service, db, user, hash);
    default:
      throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
  }
}

export const SINGLE_CONFIRMATION =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';
