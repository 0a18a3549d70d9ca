/**
 * @module auth/emails — the five emailing flows (confirm signup, invite, magic link, recovery, email change):
 * each checks the frequency limit, mints a code, stores its hash on the user and in auth.one_time_tokens as
 * GoTrue does (`pkce_`-prefixed for PKCE flows), and delivers the email.
 */

import { audit } from './audit.ts';
import type { Db } from './db.ts';
import {
  checkFrequency,
  type EmailAction,
  generateOtp,
  saveOneTimeToken,
  spendEmailBudget,
  tokenHash,
} from './mail.ts';
import type { AuthService } from './state.ts';
import { deliver } from './templates.ts';
import { type UserRow, updateUser } from './users.ts';

const withFlow = (hash: string, pkce: boolean) => (pkce ? `pkce_${hash}` : hash);

interface Mint {
  otp: string;
  token: string;
}

function mint(service: AuthService, address: string, pkce: boolean): Mint {
  const otp = generateOtp(service.config.email.otpLength);
  return { otp, token: withFlow(tokenHash(address, otp), pkce) };
}

/** Confirmation of a signup (also invites, which use the same token column). */
export async function sendConfirmation(
  service: AuthService,
  db: Db,
  user: UserRow,
  options: { pkce: boolean; redirectTo: string; invite?: boolean },
): Promise<UserRow> {
  const email = user.email ?? '';
  if (!options.invite) checkFrequency(service, user.confirmation_sent_at);
  const { otp, token } = mint(service, email, options.pkce);
  spendEmailBudget(service);
  const now = new Date();
  const updated = await updateUser(db, user.id, {
    confirmation_token: token,
    confirmation_sent_at: now,
    ...(options.invite ? { invited_at: now } : {}),
  });
  await saveOneTimeToken(db, user.id, 'confirmation_token', token, email);
  const type: EmailAction = options.invite ? 'invite' : 'signup';
  if (!options.invite) await audit(db, user, 'user_confirmation_requested', { provider: 'email' });
  deliver(service, {
    to: email,
    type,
    otp,
    token,
    redirectTo: options.redirectTo,
    email,
    data: updated.raw_user_meta_data ?? {},
  });
  return updated;
}

/** Magic link or password recovery: both live in `recovery_token`. */
export async function sendRecovery(
  service: AuthService,
  db: Db,
  user: UserRow,
  options: { pkce: boolean; redirectTo: string; type: 'magiclink' | 'recovery' },
): Promise<UserRow> {
  const email = user.email ?? '';
  checkFrequency(service, user.recovery_sent_at);
  const { otp, token } = mint(service, email, options.pkce);
  spendEmailBudget(service);
  const updated = await updateUser(db, user.id, { recovery_token: token, recovery_sent_at: new Date() });
  await audit(db, user, 'user_recovery_requested');
  await saveOneTimeToken(db, user.id, 'recovery_token', token, email);
  deliver(service, {
    to: email,
    type: options.type,
    otp,
    token,
    redirectTo: options.redirectTo,
    email,
    data: updated.raw_user_meta_data ?? {},
  });
  return updated;
}

/**
 * Email change: a code to the new address and, with `double_confirm_changes` (GoTrue's secure email change),
 * one to the current address too; both must be followed.
 */
export async function sendEmailChange(
  service: AuthService,
  db: Db,
  user: UserRow,
  newEmail: string,
  options: { pkce: boolean; redirectTo: string },
): Promise<UserRow> {
  checkFrequency(service, user.email_change_sent_at);
  const next = mint(service, newEmail, options.pkce);
  const secure = service.config.email.doubleConfirmChanges && !!user.email;
  const current = secure ? mint(service, user.email ?? '', options.pkce) : null;
  spendEmailBudget(service);
  const updated = await updateUser(db, user.id, {
    email_change: newEmail,
    email_change_token_new: next.token,
    email_change_token_current: current?.token ?? '',
    email_change_confirm_status: 0,
    email_change_sent_at: new Date(),
  });
  await saveOneTimeToken(db, user.id, 'email_change_token_new', next.token, newEmail);
  if (current) {
    await saveOneTimeToken(db, user.id, 'email_change_token_current', current.token, user.email ?? '');
    deliver(service, {
      to: user.email ?? '',
      type: 'email_change',
      otp: current.otp,
      token: current.token,
      redirectTo: options.redirectTo,
      email: user.email ?? '',
      newEmail,
      data: user.raw_user_meta_data ?? {},
    });
  }
  deliver(service, {
    to: newEmail,
    type: 'email_change',
    otp: next.otp,
    token: next.token,
    redirectTo: options.redirectTo,
    email: user.email ?? '',
    newEmail,
    data: user.raw_user_meta_data ?? {},
  });
  return updated;
}

/** `GET /reauthenticate`: a code (no link) that PUT /user accepts as `nonce`. */
export async function sendReauthentication(service: AuthService, db: Db, user: UserRow): Promise<void> {
  const email = user.email ?? '';
  checkFrequency(service, user.reauthentication_sent_at);
  const { otp, token } = mint(service, email, false);
  spendEmailBudget(service);
  await updateUser(db, user.id, { reauthentication_token: token, reauthentication_sent_at: new Date() });
  await saveOneTimeToken(db, user.id, 'reauthentication_token', token, email);
  await audit(db, user, 'user_reauthenticate_requested');
  deliver(service, {
    to: email,
    type: 'reauthentication',
    otp,
    token: null,
    redirectTo: service.config.siteUrl,
    email,
    data: user.raw_user_meta_data ?? {},
  });
}
