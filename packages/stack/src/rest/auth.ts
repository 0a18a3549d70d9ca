/**
 * @module rest/auth — the caller's database role and claims from `Authorization: Bearer <jwt>`, with
 * PostgREST's PGRST301 (invalid) and PGRST303 (expired) refusals.
 */
import { type Jwt, JwtError } from '../jwt.ts';
import { jwtError } from './errors.ts';

export interface Caller {
  role: string;
  /** The claims as JSON text, for `request.jwt.claims`. */
  claims: string;
  /** Whether the role differs from the anonymous one: 42501 then answers 403 instead of 401. */
  authenticated: boolean;
}

const ANON = 'anon';

export function authenticate(header: string | null, jwt: Jwt): Caller {
  const m = /^Bearer\s+(.*)$/i.exec(header ?? '');
  if (!m) return { role: ANON, claims: JSON.stringify({ role: ANON }), authenticated: false };
  const token = (m[1] ?? '').trim();
  let claims: Record<string, unknown>;
  try {
    claims = jwt.verify(token);
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    if (error.reason === 'expired') throw jwtError('PGRST303', 'JWT expired');
    if (error.reason === 'malformed') {
      const parts = token.split('.').length;
      throw jwtError(
        'PGRST301',
        parts === 3 ? 'JWT cryptographic operation failed' : `Expected 3 parts in JWT; got ${parts}`,
      );
    }
    throw jwtError(
      'PGRST301',
      error.reason === 'algorithm'
        ? 'Wrong or unsupported encoding algorithm'
        : 'JWSError JWSInvalidSignature',
    );
  }
  const role = typeof claims.role === 'string' && claims.role ? claims.role : ANON;
  return { role, claims: JSON.stringify(claims), authenticated: role !== ANON };
}
