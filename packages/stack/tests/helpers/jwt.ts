/**
 * @module tests/helpers/jwt — signs HS256 tokens for the stack's tests and benches with
 * node:crypto directly, not with src/jwt.ts, so a bug in the stack's signer cannot hide one in its verifier.
 */
import { createHmac } from 'node:crypto';

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** A compact JWS over `claims` with header {alg: HS256, typ: JWT}. */
export function signHs256(claims: Record<string, unknown>, secret: string): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}
