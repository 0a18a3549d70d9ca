/**
 * @module rest/auth — the caller's database role and claims from `Authorization: Bearer <jwt>`, with
 * PostgREST's PGRST301 (invalid) and PGRST303 (expired) refusals.
 */
import { type Jwt, JwtError } from '../jwt.ts';
import { apiError } from './errors.ts';

export interface Caller {
  role: string;
  /** The claims as JSON text, for `request.jwt.claims`. */
  claims: string;
  /** Whether the role differs from the anonymous one: 42501 then answers 403 instead of 401. */
  authenticated: boolean;
}

const ANON = 'anon';
/** PostgREST accepts `exp` up to 30 seconds in the past (clock skew between issuer and API). */
export const CLOCK_SKEW_SECONDS = 30;

export function authenticate(header: string | null, jwt: Jwt): Caller {
  const m = /^Bearer\s+(.*)$/i.exec(header ?? '');
  if (!m) return { role: ANON, claims: JSON.stringify({ role: ANON }), authenticated: false };
  const token = (m[1] ?? '').trim();
  if (token === '') throw apiError('PGRST301', 'Empty JWT is sent in Authorization header');
  let claims: Record<string, unknown>;
  try {
    claims = jwt.verify(token, Math.floor(Date.now() / 1000) - CLOCK_SKEW_SECONDS);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    if (error.reason === 'expired') throw apiError('PGRST303');
    const parts = token.split('.').length;
    if (parts !== 3) throw apiError('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
    if (error.reason === 'malformed') throw apiError('PGRST301', 'JWT cryptographic operation failed');
    if (error.reason === 'algorithm') throw apiError('PGRST301', 'Wrong or unsupported encoding algorithm');
    throw apiError(
      'PGRST301',
      'No suitable key or wrong key type',
      'None of the keys was able to decode the JWT',
    );
  }
  const role = typeof claims.role === 'string' && claims.role ? claims.role : ANON;
  // PostgREST puts the role it chose into the claims it hands to SQL.
  return { role, claims: JSON.stringify({ ...claims, role }), authenticated: role !== ANON };
}
