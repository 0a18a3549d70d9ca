/**
 * @module auth/handlers/passkey-authentication — `POST /passkeys/authentication/options|verify`: sign-in
 * with a discoverable passkey, as GoTrue does. The options name no credential; the assertion's user handle
 * (the user id) and credential id find the passkey, @simplewebauthn/server checks the signature, challenge,
 * origin and RP id, and a session is issued with the `passkey` sign-in method.
 */
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { audit } from '../audit.ts';
import { isUuid } from '../db.ts';
import { badRequest, forbidden } from '../errors.ts';
import { json, obj, readBody, str } from '../http.ts';
import { issueSession } from '../sessions.ts';
import type { Call } from '../state.ts';
import { findUserById, isBanned, isConfirmed } from '../users.ts';
import { consumeChallenge, type PasskeyRow, storeChallenge } from '../webauthn.ts';
import { loadWebAuthn } from '../webauthn-lib.ts';
import { clientOf } from './common.ts';

const failed = () => badRequest('webauthn_verification_failed', 'Credential verification failed');

export async function authenticationOptions(call: Call): Promise<Response> {
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: call.service.config.passkey.rpId,
    userVerification: 'preferred',
  });
  const stored = await storeChallenge(call.service.db, 'authentication', null, options.challenge);
  return json(200, { challenge_id: stored.challenge_id, options, expires_at: stored.expires_at });
}

export async function authenticationVerify(call: Call): Promise<Response> {
  const service = call.service;
  const db = service.db;
  const body = await readBody(call.request);
  const challengeId = str(body.challenge_id);
  if (!challengeId) throw badRequest('validation_failed', 'challenge_id is required');
  if (body.credential == null) throw badRequest('validation_failed', 'credential is required');
  const challenge = await consumeChallenge(db, 'authentication', null, challengeId);
  const credential = obj(body.credential);
  const response = obj(credential?.response);
  if (!credential || !str(credential.id) || !response) {
    throw badRequest('webauthn_verification_failed', 'Invalid credential response');
  }
  const userId = Buffer.from(str(response.userHandle), 'base64url').toString('utf8');
  if (!isUuid(userId)) throw failed();
  const [passkey] = await db<PasskeyRow[]>`
    select * from auth.webauthn_credentials
    where credential_id = ${Buffer.from(str(credential.rawId) || str(credential.id), 'base64url')}
      and user_id = ${userId}`;
  if (!passkey) throw failed();
  const rp = service.config.passkey;
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.rpOrigins,
      expectedRPID: rp.rpId,
      credential: {
        id: passkey.credential_id.toString('base64url'),
        publicKey: new Uint8Array(passkey.public_key),
        counter: Number(passkey.sign_count),
      },
      requireUserVerification: false,
    });
    if (!result.verified) throw failed();
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    throw failed();
  }
  const user = await findUserById(db, userId);
  if (!user) throw failed();
  if (user.email && !isConfirmed(user)) throw forbidden('email_not_confirmed', 'Email not confirmed');
  if (user.phone && !user.phone_confirmed_at) throw forbidden('phone_not_confirmed', 'Phone not confirmed');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const session = await db.begin(async (tx) => {
    await tx`
      update auth.webauthn_credentials
      set sign_count = ${newCounter}, last_used_at = now(), updated_at = now() where id = ${passkey.id}`;
    await audit(tx, user, 'login', { passkey_id: passkey.id });
    return issueSession(service, tx, user, 'passkey', clientOf(call));
  });
  return json(200, session);
}
