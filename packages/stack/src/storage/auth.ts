/**
 * @module storage/auth — who is calling: storage-api verifies the `Authorization: Bearer` JWT itself
 * (the gateway does not key-check /storage/v1) and refuses a missing or bad token with AccessDenied,
 * carrying the message its JWT library (jose) would give.
 */
import type { JwtClaims } from '../jwt.ts';
import { type Jwt, JwtError } from '../jwt.ts';
import { errors, StorageError } from './errors.ts';

export interface Caller {
  /** The database role the request runs as: the JWT's `role` claim. */
  role: string;
  claims: JwtClaims;
  /** The JWT's `sub`, recorded as the owner of what the caller creates. */
  owner: string | undefined;
}

/** The messages jose gives for each way a token can fail, which storage-api passes through. */
const JOSE_MESSAGES: Record<JwtError['reason'], string> = {
  malformed: 'Invalid Compact JWS',
  signature: 'signature verification failed',
  expired: '"exp" claim timestamp check failed',
  algorithm: '"alg" (Algorithm) Header Parameter value not allowed',
};

/** Verifies a token; throws `wrap(message)` with jose's wording on failure. */
export function verifyToken(
  jwt: Jwt,
  token: string,
  wrap: (message: string) => StorageError = (m) => errors.accessDenied(m),
): JwtClaims {
  try {
    return jwt.verify(token);
  } catch (error) {
    if (error instanceof JwtError) throw wrap(JOSE_MESSAGES[error.reason]);
    throw error;
  }
}

/** The caller of an authenticated route; throws AccessDenied (HTTP 400, statusCode 403) as storage-api. */
export function authenticate(jwt: Jwt, request: Request): Caller {
  const token = (request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
  const claims = verifyToken(jwt, token);
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
  return { role, claims, owner: typeof claims.sub === 'string' ? claims.sub : undefined };
}

/** The caller when a route tolerates a missing/invalid JWT (public reads): anon then. */
export function tryAuthenticate(jwt: Jwt, request: Request): Caller | null {
  try {
    return authenticate(jwt, request);
  } catch (error) {
    if (error instanceof StorageError) return null;
    throw error;
  }
}
