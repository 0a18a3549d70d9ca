/**
 * @module auth/handlers/signup — `POST /signup` with email + password: a new unconfirmed user and a
 * confirmation email (or, with confirmations off, a session). A repeated signup of a confirmed address
 * answers a look-alike user so addresses cannot be probed, as GoTrue does.
 */
import { randomUUID } from 'node:crypto';
import { audit } from '../audit.ts';
import { sendConfirmation } from '../emails.ts';
import { badRequest, unprocessable, validation } from '../errors.ts';
import { json, obj, readBody, str } from '../http.ts';
import { checkPasswordStrength, hashPassword } from '../passwords.ts';
import { createFlowState, type PkceParams, pkceParams } from '../pkce.ts';
import { referrer } from '../redirect.ts';
import { issueSession, type SessionBody } from '../sessions.ts';
import type { Call } from '../state.ts';
import { findUserByEmail, insertUser, isConfirmed, loadUserJson, updateUser } from '../users.ts';
import { clientOf, limit, validateEmail } from './common.ts';

export interface Registration {
  email: string;
  password: string;
  data: Record<string, unknown>;
  pkce: PkceParams | null;
  redirectTo: string;
}

export type Registered =
  | { kind: 'session'; session: SessionBody }
  | { kind: 'pending'; user: Record<string, unknown> }
  | { kind: 'exists' };

/** Creates (or re-invites confirmation of) an email user; shared by /signup and /otp for new addresses. */
export async function register(call: Call, r: Registration): Promise<Registered> {
  const service = call.service;
  const encrypted = await hashPassword(r.password, service.hashCost);
  return service.db.begin(async (tx) => {
    const existing = await findUserByEmail(tx, r.email);
    if (existing && isConfirmed(existing)) {
      await audit(tx, existing, 'user_repeated_signup', { provider: 'email' });
      return { kind: 'exists' } as const;
    }
    let user =
      existing ??
      (await insertUser(tx, {
        email: r.email,
        encryptedPassword: encrypted,
        userMetadata: r.data,
        appMetadata: { provider: 'email', providers: ['email'] },
      }));
    if (!service.config.email.enableConfirmations) {
      user = await updateUser(tx, user.id, { email_confirmed_at: new Date() });
      await audit(tx, user, 'user_signedup', { provider: 'email' });
      await audit(tx, user, 'login', { provider: 'email' });
      return { kind: 'session', session: await issueSession(service, tx, user, 'password', clientOf(call)) };
    }
    if (r.pkce) {
      await createFlowState(tx, r.pkce, {
        providerType: 'email',
        authMethod: 'email/signup',
        userId: user.id,
      });
    }
    user = await sendConfirmation(service, tx, user, { pkce: !!r.pkce, redirectTo: r.redirectTo });
    return { kind: 'pending', user: await loadUserJson(tx, user.id) };
  });
}

/** The look-alike user GoTrue returns for an address that is already registered and confirmed. */
function lookalike(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/** `signInAnonymously()`: a user with no email or identity, and a session (`is_anonymous: true`). */
async function signInAnonymously(call: Call, data: Record<string, unknown>): Promise<Response> {
  const service = call.service;
  if (!service.config.enableAnonymousSignIns) {
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  limit(call, service.limiters.otp);
  const session = await service.db.begin(async (tx) => {
    const user = await insertUser(tx, {
      email: null,
      encryptedPassword: null,
      userMetadata: data,
      appMetadata: {},
      isAnonymous: true,
    });
    return issueSession(service, tx, user, 'anonymous', clientOf(call));
  });
  return json(200, session);
}

export async function signup(call: Call): Promise<Response> {
  const { config, limiters } = call.service;
  if (!config.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const body = await readBody(call.request);
  const email = str(body.email);
  const phone = str(body.phone);
  if (!email && !phone) return signInAnonymously(call, obj(body.data) ?? {});
  limit(call, limiters.otp);
  const password = str(body.password);
  if (!password) throw validation('Signup requires a valid password');
  checkPasswordStrength(password, config);
  if (email && phone) throw validation('Only an email address or phone number should be provided on signup.');
  const pkce = pkceParams(body);
  if (phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
  if (!config.email.enabled) throw badRequest('email_provider_disabled', 'Email signups are disabled');
  const address = validateEmail(email);
  const data = obj(body.data) ?? {};
  const redirectTo = referrer(call.request, call.url, config);
  const result = await register(call, { email: address, password, data, pkce, redirectTo });
  if (result.kind === 'session') return json(200, result.session);
  if (result.kind === 'pending') return json(200, result.user);
  if (!config.email.enableConfirmations) {
    throw unprocessable('user_already_exists', 'User already registered');
  }
  return json(200, lookalike(address, data));
}
