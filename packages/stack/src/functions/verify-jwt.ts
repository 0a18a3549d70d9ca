/**
 * @module functions/verify-jwt — the gateway's `verify_jwt` check in front of a function: the request must
 * carry `Authorization: Bearer <JWT>` signed by the project (HS256 secret, or its ES256/RS256 signing keys).
 */
import { type Jwt, JwtError } from '../jwt.ts';
import { functionsError } from './errors.ts';

const invalidFormat = (message = 'Invalid JWT') =>
  functionsError(401, 'UNAUTHORIZED_INVALID_JWT_FORMAT', message);

/** Reads the JWT header's `alg` without trusting it, to pick the refusal code hosted uses for each scheme. */
function algorithmOf(token: string): string | null {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'));
    return typeof header?.alg === 'string' ? header.alg : null;
  } catch {
    return null;
  }
}

/** Returns the refusal, or null when the request may reach the function. Preflights are never checked. */
export function checkJwt(request: Request, jwt: Jwt): Response | null {
  if (request.method === 'OPTIONS') return null;
  const header = request.headers.get('authorization');
  if (!header) return functionsError(401, 'UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header');
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length) {
    return invalidFormat("Auth header is not 'Bearer {token}'");
  }
  if (token.split('.').length !== 3) return invalidFormat();
  const alg = algorithmOf(token);
  if (!alg) return invalidFormat();
  if (alg !== 'HS256' && alg !== 'ES256' && alg !== 'RS256') {
    return functionsError(
      401,
      'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM',
      `Unsupported JWT algorithm ${alg}`,
    );
  }
  try {
    jwt.verify(token);
    return null;
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    if (error.reason === 'malformed') return invalidFormat();
    return functionsError(
      401,
      alg === 'HS256' ? 'UNAUTHORIZED_LEGACY_JWT' : 'UNAUTHORIZED_ASYMMETRIC_JWT',
      'Invalid JWT',
    );
  }
}
