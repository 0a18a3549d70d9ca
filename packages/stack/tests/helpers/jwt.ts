/**
 * @module tests/helpers/jwt — signs tokens (HS256, or with a private JWK) for the stack's tests and benches with
 * node:crypto directly, not with src/jwt.ts, so a bug in the stack's signer cannot hide one in its verifier.
 */
import {
  createHmac,
  createPrivateKey,
  generateKeyPairSync,
  type JsonWebKey,
  randomUUID,
  sign,
} from 'node:crypto';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A compact JWS over `claims` with header {alg: HS256, typ: JWT}. */
export function signHs256(claims: Record<string, unknown>, secret: string): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** A compact JWS over `claims` signed by a private JWK (RS256 or ES256), with its `kid` in the header. */
export function signWithJwk(
  claims: Record<string, unknown>,
  jwk: JsonWebKey & { kid: string; alg: string },
): string {
  const input = `${b64({ alg: jwk.alg, typ: 'JWT', kid: jwk.kid })}.${b64(claims)}`;
  const key = createPrivateKey({ key: jwk, format: 'jwk' });
  return `${input}.${sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

/** A new private JWK as `supabase gen signing-key` writes one (`key_ops` sign and verify unless told). */
export function newSigningJwk(
  alg: 'RS256' | 'ES256',
  keyOps = ['sign', 'verify'],
): JsonWebKey & { kid: string; alg: string } {
  const { privateKey } =
    alg === 'RS256'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg, key_ops: keyOps };
}
