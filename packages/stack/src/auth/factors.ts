/**
 * @module auth/factors — MFA factors and their challenges in GoTrue's own tables (auth.mfa_factors,
 * auth.mfa_challenges), and a factor as GoTrue's JSON.
 */
import { randomUUID } from 'node:crypto';
import { type Db, isUuid } from './db.ts';

export type FactorType = 'totp' | 'phone' | 'webauthn';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: FactorType;
  status: 'verified' | 'unverified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  phone: string | null;
  last_challenged_at: Date | null;
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
}

/** How long a challenge may be answered: GoTrue's `MFA_CHALLENGE_EXPIRY_DURATION` default, 300 s. */
export const CHALLENGE_EXPIRY_SECONDS = 300;

/** GoTrue's `models.Factor` JSON: no secret, `friendly_name` left out when empty. */
export function factorJson(f: FactorRow): Record<string, unknown> {
  return {
    id: f.id,
    ...(f.friendly_name ? { friendly_name: f.friendly_name } : {}),
    factor_type: f.factor_type,
    status: f.status,
    created_at: f.created_at.toISOString(),
    updated_at: f.updated_at.toISOString(),
    ...(f.factor_type === 'phone' ? { phone: f.phone ?? '' } : {}),
    last_challenged_at: f.last_challenged_at?.toISOString() ?? null,
  };
}

export async function factorRowsOf(db: Db, userId: string): Promise<FactorRow[]> {
  return db<FactorRow[]>`
    select * from auth.mfa_factors where user_id = ${userId} order by created_at, id`;
}

/** The user's factors as JSON, for the user object. */
export async function factorsOf(db: Db, userId: string): Promise<Record<string, unknown>[]> {
  return (await factorRowsOf(db, userId)).map(factorJson);
}

/** A factor of `userId` by id, or null (also for an id that is not a UUID). */
export async function findOwnedFactor(db: Db, userId: string, id: string): Promise<FactorRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db<FactorRow[]>`
    select * from auth.mfa_factors where id = ${id} and user_id = ${userId}`;
  return row ?? null;
}

export async function insertFactor(
  db: Db,
  f: { userId: string; type: FactorType; friendlyName: string; secret?: string },
): Promise<FactorRow> {
  const [row] = await db<FactorRow[]>`
    insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
    values (${randomUUID()}, ${f.userId}, ${f.friendlyName}, ${f.type}, 'unverified', now(), now(), ${f.secret ?? null})
    returning *`;
  return row!;
}

/** Records a challenge from `ip` and stamps the factor's `last_challenged_at`. */
export async function insertChallenge(db: Db, factorId: string, ip: string): Promise<ChallengeRow> {
  const [row] = await db<ChallengeRow[]>`
    insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
    values (${randomUUID()}, ${factorId}, now(), ${ip}) returning id, factor_id, created_at, verified_at, host(ip_address) as ip_address`;
  await db`update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = ${factorId}`;
  return row!;
}

export async function findChallenge(db: Db, factorId: string, id: string): Promise<ChallengeRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db<ChallengeRow[]>`
    select id, factor_id, created_at, verified_at, host(ip_address) as ip_address
    from auth.mfa_challenges where id = ${id} and factor_id = ${factorId} for update`;
  return row ?? null;
}
