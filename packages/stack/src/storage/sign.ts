/**
 * @module storage/sign — signed URL tokens as storage-api makes them: HS256 JWTs signed with the
 * project's JWT secret carrying `url` (`<bucket>/<name>`), a `scope` (`download` or `upload`) and,
 * for uploads, `owner` and `upsert`; image URLs also carry their `transformations`.
 */
import type { JwtClaims } from '../jwt.ts';
import { verifyToken } from './auth.ts';
import type { StorageDeps } from './deps.ts';
import { errors } from './errors.ts';

export type Scope = 'download' | 'upload';

/** How long a signed upload URL lives (storage-api's default, seconds). */
export const UPLOAD_URL_TTL = 7200;

export function signUrlToken(deps: StorageDeps, claims: JwtClaims, expiresIn: number): string {
  const now = Math.floor(Date.now() / 1000);
  return deps.jwt.sign({ ...claims, iat: now, exp: now + expiresIn }, 'HS256');
}

/** Checks a signed URL's token: signature and expiry (InvalidJWT), scope and path (InvalidSignature). */
export function verifyUrlToken(
  deps: StorageDeps,
  token: string | null,
  url: string,
  scope: Scope,
): JwtClaims {
  const claims = verifyToken(deps.jwt, token ?? '', (m) => errors.invalidJwt(m));
  const claimed = claims.scope;
  // Tokens made before scopes existed carry none; an upload token is told apart by its `owner`/`upsert`.
  const legacy = claimed === undefined && (scope === 'upload') === ('upsert' in claims || 'owner' in claims);
  if (claimed !== scope && !legacy) throw errors.invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== url) throw errors.invalidSignature();
  return claims;
}

/** storage-api's check on `expiresIn`: a positive whole number of seconds. */
export function mustBeValidExpiry(value: unknown): number {
  if (value === undefined) throw errors.validation("body must have required property 'expiresIn'");
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw errors.validation('body/expiresIn must be integer');
  }
  if (value < 1) throw errors.validation('body/expiresIn must be >= 1');
  return value;
}
