/**
 * @module auth/handlers/mfa — `/factors`: enroll, challenge, verify and unenroll MFA factors as GoTrue does,
 * with its `[auth.mfa]` switches and errors. TOTP is emulated in full; a WebAuthn factor can be enrolled
 * (a row, as GoTrue makes) but not challenged, and phone factors need SMS: both answer GoTrue's own
 * "disabled" errors there.
 */
import { audit } from '../audit.ts';
import { type Caller, requireUser } from '../authenticate.ts';
import { isUuid } from '../db.ts';
import { AuthError, forbidden, notFound, unprocessable, validation } from '../errors.ts';
import {
  CHALLENGE_EXPIRY_SECONDS,
  type FactorRow,
  type FactorType,
  factorRowsOf,
  findChallenge,
  findOwnedFactor,
  insertChallenge,
  insertFactor,
} from '../factors.ts';
import { json, readBody, str } from '../http.ts';
import { elevateSession } from '../sessions.ts';
import type { Call } from '../state.ts';
import { newTotpSecret, qrSvg, totpUri, verifyTotp } from '../totp.ts';

const LABEL: Record<FactorType, string> = { totp: 'TOTP', phone: 'Phone', webauthn: 'WebAuthn' };
const SWITCHES = { totp: 'totp', phone: 'phone', webauthn: 'webAuthn' } as const;
const CODE_PREFIX: Record<FactorType, string> = { totp: 'totp', phone: 'phone', webauthn: 'webauthn' };

const isFactorType = (value: string): value is FactorType => value in LABEL;

/** GoTrue's `requireNotAnonymous` and a session to act for: what every `/factors` route needs. */
async function signedInUser(call: Call): Promise<Caller & { sessionId: string }> {
  const caller = await requireUser(call);
  if (caller.user.is_anonymous || caller.claims.is_anonymous === true) {
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  }
  if (!caller.sessionId) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'A valid session and a registered user are required to enroll a factor',
    );
  }
  return { ...caller, sessionId: caller.sessionId };
}

function requireSwitch(call: Call, type: FactorType, step: 'enroll' | 'verify'): void {
  // Phone factors need SMS, which the stack does not send: refused as when they are off.
  const on = type !== 'phone' && call.service.config.mfa[SWITCHES[type]][step];
  if (on) return;
  const message = step === 'enroll' ? 'MFA enroll is disabled for' : 'MFA verification is disabled for';
  throw unprocessable(`mfa_${CODE_PREFIX[type]}_${step}_not_enabled`, `${message} ${LABEL[type]}`);
}

/** GoTrue's loadFactor: the factor must be the user's. */
export async function loadFactor(call: Call, userId: string, id: string): Promise<FactorRow> {
  if (!isUuid(id)) {
    throw notFound('validation_failed', 'factor_id must be an UUID');
  }
  const factor = await findOwnedFactor(call.service.db, userId, id);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

/** GoTrue's validateFactors: unique friendly names, the enrolled-factor cap, aal2 to add a second one. */
async function checkRoom(call: Call, caller: Caller, friendlyName: string): Promise<void> {
  const db = call.service.db;
  // Unverified factors older than a day are dropped first (GoTrue's factor expiry).
  await db`delete from auth.mfa_factors
    where user_id = ${caller.user.id} and status = 'unverified' and created_at < now() - interval '1 day'`;
  const factors = await factorRowsOf(db, caller.user.id);
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName)) {
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  const verified = factors.filter((f) => f.status === 'verified').length;
  if (factors.length >= call.service.config.mfa.maxEnrolledFactors || verified >= 10) {
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified > 0 && caller.claims.aal !== 'aal2') {
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
  }
}

/** `POST /factors`. */
export async function enrollFactor(call: Call): Promise<Response> {
  const caller = await signedInUser(call);
  const body = await readBody(call.request);
  const type = str(body.factor_type);
  if (!isFactorType(type)) throw validation('factor_type needs to be totp, phone, or webauthn');
  requireSwitch(call, type, 'enroll');
  const friendlyName = str(body.friendly_name);
  await checkRoom(call, caller, friendlyName);
  const db = call.service.db;
  if (type === 'webauthn') {
    const factor = await db.begin(async (tx) => {
      const row = await insertFactor(tx, { userId: caller.user.id, type, friendlyName });
      await audit(tx, caller.user, 'factor_in_progress', { factor_id: row.id, factor_type: type });
      return row;
    });
    return json(200, { id: factor.id, type, friendly_name: friendlyName });
  }
  const issuer = str(body.issuer) || new URL(call.service.config.siteUrl).host;
  const secret = newTotpSecret();
  const uri = totpUri(secret, issuer, caller.user.email ?? '');
  const factor = await db.begin(async (tx) => {
    const row = await insertFactor(tx, { userId: caller.user.id, type, friendlyName, secret });
    await audit(tx, caller.user, 'factor_in_progress', { factor_id: row.id });
    return row;
  });
  return json(200, {
    id: factor.id,
    type,
    friendly_name: friendlyName,
    totp: { qr_code: qrSvg(uri), secret, uri },
  });
}

/** A client address as auth.mfa_challenges stores it (inet, never empty). */
const challengeIp = (ip: string) => (/^[0-9a-f:.]+$/i.test(ip) && ip.length > 1 ? ip : '0.0.0.0');

/** `POST /factors/:id/challenge`. */
export async function challengeFactor(call: Call, id: string): Promise<Response> {
  const caller = await signedInUser(call);
  const factor = await loadFactor(call, caller.user.id, id);
  requireSwitch(call, factor.factor_type, 'verify');
  if (factor.factor_type === 'webauthn') {
    // Registration and assertion ceremonies are not emulated.
    throw unprocessable('mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
  }
  const challenge = await call.service.db.begin(async (tx) => {
    const row = await insertChallenge(tx, factor.id, challengeIp(call.ip));
    await audit(tx, caller.user, 'challenge_created', { factor_id: factor.id, factor_status: factor.status });
    return row;
  });
  return json(200, {
    id: challenge.id,
    type: factor.factor_type,
    expires_at: Math.floor(challenge.created_at.getTime() / 1000) + CHALLENGE_EXPIRY_SECONDS,
  });
}

/** `POST /factors/:id/verify`: a right code makes the factor verified and the session aal2. */
export async function verifyFactor(call: Call, id: string): Promise<Response> {
  const caller = await signedInUser(call);
  const factor = await loadFactor(call, caller.user.id, id);
  const body = await readBody(call.request);
  const code = str(body.code);
  if (!code && factor.factor_type !== 'webauthn') throw validation('Code needs to be non-empty');
  requireSwitch(call, factor.factor_type, 'verify');
  if (factor.factor_type === 'webauthn') {
    throw unprocessable('mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
  }
  const service = call.service;
  const outcome = await service.db.begin(async (tx) => {
    const challenge = await findChallenge(tx, factor.id, str(body.challenge_id));
    if (!challenge) {
      return unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    }
    if (challenge.verified_at || challenge.ip_address !== challengeIp(call.ip)) {
      return unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (challenge.created_at.getTime() + CHALLENGE_EXPIRY_SECONDS * 1000 < Date.now()) {
      await tx`delete from auth.mfa_challenges where id = ${challenge.id}`;
      return unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (!verifyTotp(code, factor.secret ?? '')) {
      return unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    }
    await audit(tx, caller.user, 'verification_attempted', {
      factor_id: factor.id,
      challenge_id: challenge.id,
      factor_type: factor.factor_type,
    });
    await tx`update auth.mfa_challenges set verified_at = now() where id = ${challenge.id}`;
    await tx`update auth.mfa_factors set status = 'verified', updated_at = now() where id = ${factor.id}`;
    // Other unverified factors of the same type go, as in GoTrue.
    await tx`delete from auth.mfa_factors
      where user_id = ${caller.user.id} and factor_type = ${factor.factor_type} and status = 'unverified'`;
    return elevateSession(service, tx, caller.user, caller.sessionId, factor.id, 'totp');
  });
  if (outcome instanceof AuthError) throw outcome;
  return json(200, outcome);
}

/** `DELETE /factors/:id`: a verified factor needs an aal2 session. */
export async function unenrollFactor(call: Call, id: string): Promise<Response> {
  const caller = await signedInUser(call);
  const factor = await loadFactor(call, caller.user.id, id);
  if (factor.status === 'verified' && caller.claims.aal !== 'aal2') {
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await call.service.db.begin(async (tx) => {
    await tx`delete from auth.mfa_factors where id = ${factor.id}`;
    await audit(tx, caller.user, 'factor_unenrolled', {
      factor_id: factor.id,
      factor_status: factor.status,
      session_id: caller.sessionId,
    });
    // Sessions that reached aal2 through this factor fall back to aal1.
    await tx`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = ${factor.id}`;
  });
  return json(200, { id: factor.id });
}

/** Routes `/factors` and `/factors/:id[/challenge|/verify]`. */
export async function factors(call: Call, id: string | null, action: string | null): Promise<Response> {
  const method = call.request.method;
  if (id === null && method === 'POST') return enrollFactor(call);
  if (id !== null && action === 'challenge' && method === 'POST') return challengeFactor(call, id);
  if (id !== null && action === 'verify' && method === 'POST') return verifyFactor(call, id);
  if (id !== null && action === null && method === 'DELETE') return unenrollFactor(call, id);
  throw notFound('unknown', 'Not Found');
}
