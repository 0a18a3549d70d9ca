/**
 * @module auth/handlers/admin-links — `POST /admin/generate_link` (the links GoTrue would email, handed to
 * the caller instead: `action_link`, `email_otp`, `hashed_token`, `verification_type`, `redirect_to`) and
 * `POST /invite` (creates the user and emails the invite).
 */
import { randomBytes } from 'node:crypto';
import { adminActor, audit } from '../audit.ts';
import { requireAdmin } from '../authenticate.ts';
import type { Db } from '../db.ts';
import { sendConfirmation } from '../emails.ts';
import { DUPLICATE_EMAIL, notFound, unprocessable, validation } from '../errors.ts';
import { json, obj, readBody, str } from '../http.ts';
import { actionLink, type EmailAction, generateOtp, saveOneTimeToken, tokenHash } from '../mail.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { isRedirectAllowed, referrer } from '../redirect.ts';
import type { AuthService, Call } from '../state.ts';
import {
  findUserByEmail,
  insertUser,
  isConfirmed,
  loadUserJson,
  mergeMetadata,
  type UserRow,
  updateUser,
} from '../users.ts';
import { validateEmail } from './common.ts';

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

async function newEmailUser(
  service: AuthService,
  db: Db,
  email: string,
  data: Record<string, unknown>,
  password: string | null,
) {
  return insertUser(db, {
    email,
    encryptedPassword: password ? await hashPassword(password, service.hashCost) : null,
    userMetadata: data,
    appMetadata: { provider: 'email', providers: ['email'] },
  });
}

/** Stores the token of a generated link on the user as the emailing flow would, minus the email. */
async function prepare(
  service: AuthService,
  tx: Db,
  type: string,
  user: UserRow | null,
  p: {
    email: string;
    newEmail: string;
    data: Record<string, unknown>;
    password: string;
    hash: string;
    otp: string;
  },
): Promise<{ user: UserRow; token: string }> {
  const now = new Date();
  if (type === 'magiclink' || type === 'recovery') {
    const u = await updateUser(tx, user!.id, { recovery_token: p.hash, recovery_sent_at: now });
    await saveOneTimeToken(tx, u.id, 'recovery_token', p.hash, p.email);
    return { user: u, token: p.hash };
  }
  if (type === 'signup' || type === 'invite') {
    let u = user;
    if (u && isConfirmed(u)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    if (!u) u = await newEmailUser(service, tx, p.email, p.data, type === 'signup' ? p.password : null);
    else if (type === 'signup') {
      u = await updateUser(tx, u.id, { raw_user_meta_data: mergeMetadata(u.raw_user_meta_data, p.data) });
    }
    u = await updateUser(tx, u.id, {
      confirmation_token: p.hash,
      confirmation_sent_at: now,
      ...(type === 'invite' ? { invited_at: now } : {}),
    });
    await saveOneTimeToken(tx, u.id, 'confirmation_token', p.hash, p.email);
    return { user: u, token: p.hash };
  }
  // email_change_current / email_change_new
  if (type === 'email_change_current' && !service.config.email.doubleConfirmChanges) {
    throw validation('Enable secure email change to generate link for current email');
  }
  const newEmail = validateEmail(p.newEmail);
  const other = await findUserByEmail(tx, newEmail);
  if (other) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  const current = type === 'email_change_current' ? p.hash : '';
  const next = type === 'email_change_new' ? tokenHash(newEmail, p.otp) : '';
  const u = await updateUser(tx, user!.id, {
    email_change: newEmail,
    email_change_sent_at: now,
    email_change_confirm_status: 0,
    email_change_token_current: current,
    email_change_token_new: next,
  });
  if (current) await saveOneTimeToken(tx, u.id, 'email_change_token_current', current, p.email);
  if (next) await saveOneTimeToken(tx, u.id, 'email_change_token_new', next, newEmail);
  return { user: u, token: current || next };
}

export async function generateLink(call: Call): Promise<Response> {
  requireAdmin(call);
  const service = call.service;
  const body = await readBody(call.request);
  const email = validateEmail(str(body.email));
  let type = str(body.type);
  const fromBody = str(body.redirect_to);
  const redirectTo = isRedirectAllowed(service.config, fromBody)
    ? fromBody
    : referrer(call.request, call.url, service.config);
  const existing = await findUserByEmail(service.db, email);
  let password = str(body.password);
  if (!existing) {
    if (type === 'magiclink') {
      // A magic link for an unknown address signs it up, as GoTrue does.
      type = 'signup';
      password = randomBytes(32).toString('base64url');
    } else if (['recovery', 'email_change_current', 'email_change_new'].includes(type)) {
      throw notFound('user_not_found', 'User with this email not found');
    }
  }
  if (!LINK_TYPES.includes(type)) throw validation(`Invalid email action link type requested: ${type}`);
  if (type === 'signup' && !existing) {
    if (!password) throw validation('Signup requires a valid password');
    checkPasswordStrength(password, service.config);
  }
  const otp = generateOtp(service.config.email.otpLength);
  const hash = tokenHash(email, otp);
  const data = obj(body.data) ?? {};
  const { user, token } = await service.db.begin((tx) =>
    prepare(service, tx, type, existing, { email, newEmail: str(body.new_email), data, password, hash, otp }),
  );
  const linkType: EmailAction = type.startsWith('email_change') ? 'email_change' : (type as EmailAction);
  return json(200, {
    ...(await loadUserJson(service.db, user.id)),
    action_link: actionLink(service, token, linkType, redirectTo),
    email_otp: otp,
    hashed_token: token,
    verification_type: type,
    redirect_to: redirectTo,
  });
}

export async function invite(call: Call): Promise<Response> {
  const actor = adminActor(String(requireAdmin(call).role));
  const service = call.service;
  const body = await readBody(call.request);
  const email = validateEmail(str(body.email));
  const redirectTo = referrer(call.request, call.url, service.config);
  const userId = await service.db.begin(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user && isConfirmed(user)) throw unprocessable('email_exists', DUPLICATE_EMAIL);
    user ??= await newEmailUser(service, tx, email, obj(body.data) ?? {}, null);
    await audit(tx, actor, 'user_invited', { user_id: user.id, user_email: email });
    user = await sendConfirmation(service, tx, user, { pkce: false, redirectTo, invite: true });
    return user.id;
  });
  return json(200, await loadUserJson(service.db, userId));
}
