/**
 * @module auth/authenticate — who is calling: the bearer JWT verified (ES256 or HS256), its user and session
 * loaded, with GoTrue's refusals (`no_authorization` 401, `bad_jwt` / `session_not_found` /
 * `user_not_found` / `not_admin` 403).
 */
import { type JwtClaims, JwtError } from '../jwt.ts';
import { isUuid } from './db.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import { bearer } from './http.ts';
import type { Call } from './state.ts';
import { findUserById, isBanned, type UserRow } from './users.ts';

/** The reasons golang-jwt gives, as GoTrue puts them in its `bad_jwt` message. */
const JWT_REASONS: Record<JwtError['reason'], string> = {
  malformed: 'token is malformed: could not base64 decode or parse the token',
  signature: 'token signature is invalid: signature is invalid',
  expired: 'token has invalid claims: token is expired',
  algorithm: 'token is unverifiable: error while executing keyfunc: unrecognized signing method',
};

/** Verifies the bearer token of the call. */
export function claimsOf(call: Call): JwtClaims {
  const token = bearer(call.request);
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  try {
    return call.service.stack.jwt.verify(token);
  } catch (error) {
    const reason = error instanceof JwtError ? JWT_REASONS[error.reason] : String(error);
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

export interface Caller {
  claims: JwtClaims;
  user: UserRow;
  sessionId: string | null;
}

/** A signed-in user: the token's `sub` must exist, and its `session_id` (when set) must be live. */
export async function requireUser(call: Call): Promise<Caller> {
  const claims = claimsOf(call);
  const sub = claims.sub;
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const db = call.service.db;
  const user = await findUserById(db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let sessionId: string | null = null;
  const sid = claims.session_id;
  if (sid && sid !== '00000000-0000-0000-0000-000000000000') {
    if (!isUuid(sid)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    const [session] = await db<{ id: string }[]>`select id from auth.sessions where id = ${sid}`;
    if (!session) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    sessionId = session.id;
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  return { claims, user, sessionId };
}

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** The admin API: a token whose `role` is service_role (or supabase_admin). */
export function requireAdmin(call: Call): JwtClaims {
  const claims = claimsOf(call);
  if (!ADMIN_ROLES.has(String(claims.role ?? ''))) throw forbidden('not_admin', 'User not allowed');
  return claims;
}
