/**
 * @module auth/webauthn — what the passkey handlers share: the relying party from config, the ceremony
 * challenges kept in auth.webauthn_challenges (consumed once, GoTrue's `webauthn_challenge_*` errors) and
 * the passkeys in auth.webauthn_credentials with their wire shape.
 */
import type { StackConfig } from '../config.ts';
import { type Db, isUuid } from './db.ts';
import { badRequest, notFound } from './errors.ts';

/** GoTrue's default `challenge_expiry_duration` of WebAuthn ceremonies. */
export const CHALLENGE_EXPIRY_SECONDS = 300;
/** GoTrue's default `max_passkeys_per_user`. */
export const MAX_PASSKEYS_PER_USER = 10;

export type RelyingParty = StackConfig['auth']['passkey'];
type ChallengeType = 'registration' | 'authentication';

/** Stores a ceremony's challenge; its id and expiry go back to the client with the options. */
export async function storeChallenge(
  db: Db,
  type: ChallengeType,
  userId: string | null,
  challenge: string,
): Promise<{ challenge_id: string; expires_at: number }> {
  const [row] = await db<{ id: string; expires_at: Date }[]>`
    insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)
    values (${userId}, ${type}, ${db.json({ challenge })},
            now() + make_interval(secs => ${CHALLENGE_EXPIRY_SECONDS}))
    returning id, expires_at`;
  return { challenge_id: row!.id, expires_at: Math.floor(row!.expires_at.getTime() / 1000) };
}

/**
 * Takes a challenge out (delete … returning, so a replay or a race finds nothing) and answers its value.
 * Registration challenges belong to the user who asked for them; sign-in challenges to nobody.
 */
export async function consumeChallenge(
  db: Db,
  type: ChallengeType,
  userId: string | null,
  challengeId: string,
): Promise<string> {
  if (!challengeId) throw badRequest('validation_failed', 'challenge_id is required');
  if (!isUuid(challengeId)) throw badRequest('validation_failed', 'challenge_id must be a valid UUID');
  const [row] = await db<{ session_data: { challenge: string }; expired: boolean }[]>`
    delete from auth.webauthn_challenges
    where id = ${challengeId} and challenge_type = ${type}
      and user_id is not distinct from ${userId}::uuid
    returning session_data, expires_at < now() as expired`;
  if (!row) throw badRequest('webauthn_challenge_not_found', 'Challenge not found or already used');
  if (row.expired) throw badRequest('webauthn_challenge_expired', 'Challenge has expired');
  return row.session_data.challenge;
}

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: Buffer;
  public_key: Buffer;
  sign_count: string;
  transports: string[];
  friendly_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** A passkey as GoTrue lists it: empty names and never-used dates left out. */
export function passkeyJson(p: PasskeyRow): Record<string, unknown> {
  return {
    id: p.id,
    ...(p.friendly_name ? { friendly_name: p.friendly_name } : {}),
    created_at: p.created_at.toISOString(),
    ...(p.last_used_at ? { last_used_at: p.last_used_at.toISOString() } : {}),
  };
}

export async function passkeysOf(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db<PasskeyRow[]>`
    select * from auth.webauthn_credentials where user_id = ${userId} order by created_at, id`;
}

/** One of the user's passkeys, or GoTrue's 404 (also for an id that is no UUID). */
export async function ownedPasskey(db: Db, userId: string, id: string): Promise<PasskeyRow> {
  const [row] = isUuid(id)
    ? await db<PasskeyRow[]>`
        select * from auth.webauthn_credentials where id = ${id} and user_id = ${userId}`
    : [];
  if (!row) throw notFound('validation_failed', 'Passkey not found');
  return row;
}
