/**
 * @module auth/handlers/token — `POST /token?grant_type=password|refresh_token|pkce`: the three ways a
 * client gets a session, rate limited per IP by `token_refresh`; `id_token` and `web3` answer GoTrue's
 * "provider disabled" errors (handlers/disabled.ts).
 */
import { audit } from '../audit.ts';
import { AuthError, badRequest, INVALID_LOGIN, OAuthError, unprocessable, validation } from '../errors.ts';
import { json, readBody, str } from '../http.ts';
import { checkPasswordStrength, verifyPassword } from '../passwords.ts';
import { exchangeAuthCode } from '../pkce.ts';
import { issueSession, refreshSession } from '../sessions.ts';
import type { Call } from '../state.ts';
import { findUserByEmail, findUserById, isBanned, isConfirmed } from '../users.ts';
import { clientOf, limit } from './common.ts';
import { idTokenGrant, web3Grant } from './disabled.ts';

async function passwordGrant(call: Call): Promise<Response> {
  const service = call.service;
  const body = await readBody(call.request);
  const email = str(body.email);
  const phone = str(body.phone);
  const password = str(body.password);
  if (email && phone) throw validation('Only an email address or phone number should be provided on login.');
  if (phone) throw unprocessable('phone_provider_disabled', 'Phone logins are disabled');
  if (!email) throw validation('missing email or phone');
  if (!service.config.email.enabled)
    throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  const user = await findUserByEmail(service.db, email);
  if (!user?.encrypted_password) throw badRequest('invalid_credentials', INVALID_LOGIN);
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned');
  if (!(await verifyPassword(password, user.encrypted_password))) {
    throw badRequest('invalid_credentials', INVALID_LOGIN);
  }
  // A password that no longer meets the rules still signs in; the client is told so.
  let weak: { message: string; reasons: unknown } | undefined;
  try {
    checkPasswordStrength(password, service.config);
  } catch (error) {
    if (error instanceof AuthError && error.code === 'weak_password') {
      weak = {
        message: error.message,
        reasons: (error.extra?.weak_password as { reasons?: unknown } | undefined)?.reasons,
      };
    }
  }
  if (!isConfirmed(user)) throw badRequest('email_not_confirmed', 'Email not confirmed');
  const session = await service.db.begin(async (tx) => {
    await audit(tx, user, 'login', { provider: 'email' });
    return issueSession(service, tx, user, 'password', clientOf(call));
  });
  return json(200, weak ? { ...session, weak_password: weak } : session);
}

async function refreshGrant(call: Call): Promise<Response> {
  const service = call.service;
  const body = await readBody(call.request);
  const token = str(body.refresh_token);
  if (!token) throw new OAuthError('invalid_request', 'refresh_token required');
  // Reuse detection revokes the chain and must commit even though the request fails.
  const outcome = await service.db.begin((tx) => refreshSession(service, tx, token, clientOf(call)));
  if ('error' in outcome) throw outcome.error;
  return json(200, outcome.ok);
}

async function pkceGrant(call: Call): Promise<Response> {
  const service = call.service;
  const body = await readBody(call.request);
  const session = await service.db.begin(async (tx) => {
    const { userId, authMethod } = await exchangeAuthCode(tx, str(body.auth_code), str(body.code_verifier));
    const user = await findUserById(tx, userId);
    if (!user) throw badRequest('user_not_found', 'User not found');
    await audit(tx, user, 'login', { provider_type: authMethod });
    return issueSession(service, tx, user, authMethod, clientOf(call));
  });
  return json(200, session);
}

const GRANTS: Record<string, (call: Call) => Promise<Response>> = {
  password: passwordGrant,
  refresh_token: refreshGrant,
  pkce: pkceGrant,
  id_token: idTokenGrant,
  web3: web3Grant,
};

export async function token(call: Call): Promise<Response> {
  const grant = call.url.searchParams.get('grant_type');
  const handler = grant && Object.hasOwn(GRANTS, grant) ? GRANTS[grant] : undefined;
  if (!handler) throw badRequest('invalid_credentials', 'unsupported_grant_type');
  limit(call, call.service.limiters.token);
  return handler(call);
}
