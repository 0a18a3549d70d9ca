/**
 * @module auth/handlers/passkey-registration — `POST /passkeys/registration/options|verify`: a signed-in
 * user adds a passkey, as GoTrue does (discoverable credential, no attestation, at most 10 per user, aal2
 * when the user has MFA). The ceremony is checked by @simplewebauthn/server.
 */
import type { RegistrationResponseJSON, VerifiedRegistrationResponse } from '@simplewebauthn/server';
import { audit } from '../audit.ts';
import { type Caller, requireUser } from '../authenticate.ts';
import type { Db } from '../db.ts';
import { AuthError, badRequest, forbidden, unprocessable } from '../errors.ts';
import { json, obj, readBody, str } from '../http.ts';
import type { Call } from '../state.ts';
import {
  consumeChallenge,
  MAX_PASSKEYS_PER_USER,
  type PasskeyRow,
  passkeyJson,
  passkeysOf,
  storeChallenge,
} from '../webauthn.ts';
import { loadWebAuthn } from '../webauthn-lib.ts';

/** GoTrue asks for an aal2 session to manage passkeys once the user has a verified MFA factor. */
export async function requirePasskeyManagementAal(db: Db, caller: Caller): Promise<void> {
  const [row] = await db<{ mfa: boolean; aal2: boolean }[]>`
    select exists (select 1 from auth.mfa_factors where user_id = ${caller.user.id} and status = 'verified') as mfa,
           exists (select 1 from auth.sessions where id = ${caller.sessionId} and aal = 'aal2') as aal2`;
  if (row?.mfa && !row.aal2) {
    throw forbidden('insufficient_aal', 'AAL2 session is required to manage passkeys when MFA is enabled');
  }
}

async function tooMany(db: Db, userId: string): Promise<void> {
  const [row] = await db<{ n: number }[]>`
    select count(*)::int as n from auth.webauthn_credentials where user_id = ${userId}`;
  if ((row?.n ?? 0) >= MAX_PASSKEYS_PER_USER) {
    throw unprocessable('too_many_passkeys', 'Maximum number of passkeys reached');
  }
}

export async function registrationOptions(call: Call): Promise<Response> {
  const caller = await requireUser(call);
  const db = call.service.db;
  await requirePasskeyManagementAal(db, caller);
  await tooMany(db, caller.user.id);
  const rp = call.service.config.passkey;
  const user = caller.user;
  const name = user.email || user.phone || '';
  const metaName = user.raw_user_meta_data?.name;
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: rp.rpDisplayName,
    rpID: rp.rpId,
    // GoTrue's user handle is the user id as text: sign-in reads it back from the assertion.
    userID: new TextEncoder().encode(user.id),
    userName: name,
    userDisplayName: typeof metaName === 'string' && metaName ? metaName : name,
    attestationType: 'none',
    excludeCredentials: (await passkeysOf(db, user.id)).map((p) => ({
      id: p.credential_id.toString('base64url'),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const stored = await storeChallenge(db, 'registration', user.id, options.challenge);
  return json(200, { challenge_id: stored.challenge_id, options, expires_at: stored.expires_at });
}

export async function registrationVerify(call: Call): Promise<Response> {
  const caller = await requireUser(call);
  const db = call.service.db;
  await requirePasskeyManagementAal(db, caller);
  const body = await readBody(call.request);
  const challengeId = str(body.challenge_id);
  if (!challengeId) throw badRequest('validation_failed', 'challenge_id is required');
  if (body.credential == null) throw badRequest('validation_failed', 'credential is required');
  const challenge = await consumeChallenge(db, 'registration', caller.user.id, challengeId);
  const credential = obj(body.credential);
  if (!credential || !str(credential.id) || !obj(credential.response)) {
    throw badRequest('webauthn_verification_failed', 'Invalid credential response');
  }
  const rp = call.service.config.passkey;
  const { verifyRegistrationResponse } = await loadWebAuthn();
  let info: VerifiedRegistrationResponse['registrationInfo'];
  try {
    const result = await verifyRegistrationResponse({
      response: credential as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.rpOrigins,
      expectedRPID: rp.rpId,
      requireUserVerification: false,
    });
    info = result.registrationInfo;
  } catch {
    info = undefined;
  }
  if (!info) throw badRequest('webauthn_verification_failed', 'Credential verification failed');
  const registered = info;
  const user = caller.user;
  const row = await db
    .begin(async (tx) => {
      await tooMany(tx, user.id);
      const [created] = await tx<PasskeyRow[]>`
        insert into auth.webauthn_credentials (user_id, credential_id, public_key, attestation_type, aaguid,
          sign_count, transports, backup_eligible, backed_up, friendly_name)
        values (${user.id}, ${Buffer.from(registered.credential.id, 'base64url')},
          ${Buffer.from(registered.credential.publicKey)}, ${registered.fmt},
          ${registered.aaguid}, ${registered.credential.counter},
          ${tx.json(registered.credential.transports ?? [])},
          ${registered.credentialDeviceType === 'multiDevice'}, ${registered.credentialBackedUp},
          'Passkey')
        returning *`;
      await audit(tx, user, 'passkey_created', { passkey_id: created!.id });
      return created!;
    })
    .catch((error: unknown) => {
      if (!(error instanceof AuthError) && (error as { code?: string }).code === '23505') {
        throw unprocessable('webauthn_credential_exists', 'This credential is already registered');
      }
      throw error;
    });
  // A passkey just made has never been used: the list shape without `last_used_at`.
  return json(200, passkeyJson(row));
}
