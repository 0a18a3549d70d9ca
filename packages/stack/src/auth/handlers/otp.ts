/**
 * @module auth/handlers/otp — emails that sign people in or back in: `POST /otp` and `/magiclink` (magic
 * link + code; a new address gets a confirmation instead), `POST /recover`, `POST /resend`.
 */
import { randomBytes } from 'node:crypto';
import { sendConfirmation, sendEmailChange, sendRecovery } from '../emails.ts';
import { badRequest, unprocessable, validation } from '../errors.ts';
import { json, obj, readBody, str } from '../http.ts';
import { createFlowState, pkceParams } from '../pkce.ts';
import { referrer } from '../redirect.ts';
import type { Call } from '../state.ts';
import { findUserByEmail, isConfirmed } from '../users.ts';
import { EMPTY, limit, validateEmail } from './common.ts';
import { register } from './signup.ts';

export async function otp(call: Call): Promise<Response> {
  const service = call.service;
  const { config } = service;
  limit(call, service.limiters.otp);
  const body = await readBody(call.request);
  const email = str(body.email);
  const phone = str(body.phone);
  if (email && phone) throw validation('Only an email address or phone number should be provided');
  if (phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (!email) throw validation('One of email or phone must be set');
  const createUser = body.create_user !== false;
  if (!config.email.enabled) throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  const address = validateEmail(email);
  const pkce = pkceParams(body);
  const redirectTo = referrer(call.request, call.url, config);
  const existing = await findUserByEmail(service.db, address);
  if (!existing && (!createUser || !config.enableSignup)) {
    throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  }
  if (!existing || !isConfirmed(existing)) {
    // A new address signs up with a random password; with confirmations on, its email is the confirmation.
    const password = randomBytes(24).toString('base64url');
    const data = obj(body.data) ?? {};
    const result = await register(call, { email: address, password, data, pkce, redirectTo });
    if (result.kind !== 'session') return json(200, EMPTY);
  }
  await service.db.begin(async (tx) => {
    const user = await findUserByEmail(tx, address);
    if (!user) return;
    if (pkce)
      await createFlowState(tx, pkce, {
        providerType: 'magiclink',
        authMethod: 'magiclink',
        userId: user.id,
      });
    await sendRecovery(service, tx, user, { pkce: !!pkce, redirectTo, type: 'magiclink' });
  });
  return json(200, EMPTY);
}

export async function recover(call: Call): Promise<Response> {
  const service = call.service;
  limit(call, service.limiters.otp);
  const body = await readBody(call.request);
  if (!str(body.email)) throw validation('Password recovery requires an email');
  const address = validateEmail(str(body.email));
  const pkce = pkceParams(body);
  const redirectTo = referrer(call.request, call.url, service.config);
  await service.db.begin(async (tx) => {
    const user = await findUserByEmail(tx, address);
    if (!user) return;
    if (pkce)
      await createFlowState(tx, pkce, { providerType: 'recovery', authMethod: 'recovery', userId: user.id });
    await sendRecovery(service, tx, user, { pkce: !!pkce, redirectTo, type: 'recovery' });
  });
  return json(200, EMPTY);
}

export async function resend(call: Call): Promise<Response> {
  const service = call.service;
  limit(call, service.limiters.otp);
  const body = await readBody(call.request);
  const type = str(body.type);
  const email = str(body.email);
  const phone = str(body.phone);
  if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
    throw validation('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const emailType = type === 'signup' || type === 'email_change';
  if (emailType && !email) throw validation('Type provided requires an email address');
  if (!emailType && !phone) throw validation('Type provided requires a phone number');
  if (email && phone) throw validation('Only an email address or phone number should be provided.');
  if (!emailType) throw badRequest('phone_provider_disabled', 'Phone logins are disabled');
  const address = validateEmail(email);
  const pkce = pkceParams(body);
  const redirectTo = referrer(call.request, call.url, service.config);
  await service.db.begin(async (tx) => {
    const user = await findUserByEmail(tx, address);
    if (!user) return;
    if (type === 'signup') {
      if (isConfirmed(user)) return;
      if (pkce)
        await createFlowState(tx, pkce, {
          providerType: 'email',
          authMethod: 'email/signup',
          userId: user.id,
        });
      await sendConfirmation(service, tx, user, { pkce: !!pkce, redirectTo });
    } else {
      if (!user.email_change) return;
      if (pkce) {
        await createFlowState(tx, pkce, {
          providerType: 'email_change',
          authMethod: 'email_change',
          userId: user.id,
        });
      }
      await sendEmailChange(service, tx, user, user.email_change, { pkce: !!pkce, redirectTo });
    }
  });
  return json(200, EMPTY);
}
