/**
 * @module auth/handlers/user — `GET /user` and `PUT /user` (metadata, password, email change with
 * confirmation emails), and `POST /logout?scope=global|local|others`.
 */
import { audit } from '../audit.ts';
import { requireUser } from '../authenticate.ts';
import type { Db } from '../db.ts';
import { sendEmailChange, sendReauthentication } from '../emails.ts';
import { badRequest, DUPLICATE_EMAIL, forbidden, unprocessable, validation } from '../errors.ts';
import { json, obj, readBody, str } from '../http.ts';
import { clearOneTimeTokens, tokenHash } from '../mail.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../passwords.ts';
import { createFlowState, pkceParams } from '../pkce.ts';
import { referrer } from '../redirect.ts';
import { type LogoutScope, logout } from '../sessions.ts';
import type { Call } from '../state.ts';
import {
  findUserByEmail,
  isConfirmed,
  loadUserJson,
  mergeMetadata,
  type UserRow,
  updateUser,
} from '../users.ts';
import { limit, validateEmail } from './common.ts';

export async function getUser(call: Call): Promise<Response> {
  const { user, claims } = await requireUser(call);
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (aud !== (user.aud ?? 'authenticated')) {
    throw validation("Token audience doesn't match request audience");
  }
  return json(200, await loadUserJson(call.service.db, user.id));
}

export async function updateUserSelf(call: Call): Promise<Response> {
  const service = call.service;
  limit(call, service.limiters.otp);
  const body = await readBody(call.request);
  const { user, sessionId } = await requireUser(call);
  const password = typeof body.password === 'string' ? body.password : null;
  const email = str(body.email) ? validateEmail(str(body.email)) : '';
  const data = obj(body.data);
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw forbidden('not_admin', 'Updating app_metadata requires admin privileges');
  }
  if (password) checkPasswordStrength(password, service.config);
  const pkce = pkceParams(body);
  const changingEmail = !!email && email !== user.email;
  if (changingEmail) {
    const other = await findUserByEmail(service.db, email);
    if (other && other.id !== user.id) throw unprocessable('email_exists', DUPLICATE_EMAIL);
  }
  if (password !== null && service.config.email.securePasswordChange) {
    await checkNonce(call, service.db, user, sessionId, str(body.nonce));
  }
  let encrypted: string | null = null;
  if (password) {
    if (await verifyPassword(password, user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    encrypted = await hashPassword(password, service.hashCost);
  }
  const redirectTo = referrer(call.request, call.url, service.config);
  await service.db.begin(async (tx) => {
    let current = user;
    if (encrypted) {
      current = await updateUser(tx, user.id, { encrypted_password: encrypted });
      // A new password ends every other session of the user, as GoTrue's UpdatePassword does.
      if (sessionId) await logout(tx, user.id, sessionId, 'others');
      await audit(tx, user, 'user_updated_password');
    }
    if (data) {
      current = await updateUser(tx, user.id, {
        raw_user_meta_data: mergeMetadata(current.raw_user_meta_data, data),
      });
    }
    if (changingEmail) {
      if (pkce) {
        await createFlowState(tx, pkce, {
          providerType: 'email_change',
          authMethod: 'email_change',
          userId: user.id,
        });
      }
      await sendEmailChange(service, tx, current, email, { pkce: !!pkce, redirectTo });
    }
    await audit(tx, user, 'user_modified');
  });
  return json(200, await loadUserJson(service.db, user.id));
}

const DAY_MS = 24 * 3600_000;

/**
 * With `secure_password_change`, a password change from a session older than a day needs the code of
 * `GET /reauthenticate` as `nonce`, as GoTrue's UpdatePasswordRequireReauthentication.
 */
async function checkNonce(call: Call, db: Db, user: UserRow, sessionId: string | null, nonce: string) {
  const [session] = sessionId
    ? await db<{ created_at: Date }[]>`select created_at from auth.sessions where id = ${sessionId}`
    : [];
  if (session && Date.now() <= session.created_at.getTime() + DAY_MS) return;
  if (!nonce) throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  const expiry = call.service.config.email.otpExpiry * 1000;
  const sentAt = user.reauthentication_sent_at;
  const valid =
    !!user.reauthentication_token &&
    !!sentAt &&
    Date.now() <= sentAt.getTime() + expiry &&
    user.reauthentication_token === tokenHash(user.email ?? '', nonce);
  if (!valid) throw unprocessable('reauthentication_not_valid', 'Nonce has expired or is invalid');
  await updateUser(db, user.id, { reauthentication_token: '', reauthentication_sent_at: null });
  await clearOneTimeTokens(db, user.id, ['reauthentication_token']);
}

export async function reauthenticate(call: Call): Promise<Response> {
  const { user } = await requireUser(call);
  if (!user.email) {
    throw validation('Reauthentication requires the user to have an email or a phone number');
  }
  if (!isConfirmed(user)) throw unprocessable('email_not_confirmed', 'Please verify your email first.');
  await call.service.db.begin((tx) => sendReauthentication(call.service, tx, user));
  return json(200, {});
}

export async function logoutHandler(call: Call): Promise<Response> {
  const raw = call.url.searchParams.get('scope') ?? '';
  const scope: LogoutScope | null =
    raw === '' || raw === 'global' ? 'global' : raw === 'local' || raw === 'others' ? raw : null;
  const { user, sessionId } = await requireUser(call);
  if (!scope) throw validation(`Unsupported logout scope "${raw}"`);
  await call.service.db.begin(async (tx) => {
    await audit(tx, user, 'logout');
    await logout(tx, user.id, sessionId, scope);
  });
  return new Response(null, { status: 204 });
}
