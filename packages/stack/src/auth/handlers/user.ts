/**
 * @module auth/handlers/user — `GET /user` and `PUT /user` (metadata, password, email change with
 * confirmation emails), and `POST /logout?scope=global|local|others`.
 */
import { requireUser } from '../authenticate.ts';
import { sendEmailChange } from '../emails.ts';
import { DUPLICATE_EMAIL, forbidden, unprocessable, validation } from '../errors.ts';
import { json, obj, readBody, str } from '../http.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../passwords.ts';
import { createFlowState, pkceParams } from '../pkce.ts';
import { referrer } from '../redirect.ts';
import { type LogoutScope, logout } from '../sessions.ts';
import type { Call } from '../state.ts';
import { findUserByEmail, loadUserJson, mergeMetadata, updateUser } from '../users.ts';
import { limit, validateEmail } from './common.ts';

export async function getUser(call: Call): Promise<Response> {
  const { user } = await requireUser(call);
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
  let encrypted: string | null = null;
  if (password) {
    if (await verifyPassword(password, user.encrypted_password)) {
      throw unprocessable('same_password', 'New password should be different from the old password.');
    }
    encrypted = await hashPassword(password);
  }
  const redirectTo = referrer(call.request, call.url, service.config);
  await service.db.begin(async (tx) => {
    let current = user;
    if (encrypted) {
      current = await updateUser(tx, user.id, { encrypted_password: encrypted });
      // A new password ends every other session of the user, as GoTrue's UpdatePassword does.
      if (sessionId) await logout(tx, user.id, sessionId, 'others');
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
  });
  return json(200, await loadUserJson(service.db, user.id));
}

export async function logoutHandler(call: Call): Promise<Response> {
  const raw = call.url.searchParams.get('scope') ?? '';
  const scope: LogoutScope | null =
    raw === '' || raw === 'global' ? 'global' : raw === 'local' || raw === 'others' ? raw : null;
  const { user, sessionId } = await requireUser(call);
  if (!scope) throw validation(`Unsupported logout scope "${raw}"`);
  await logout(call.service.db, user.id, sessionId, scope);
  return new Response(null, { status: 204 });
}
