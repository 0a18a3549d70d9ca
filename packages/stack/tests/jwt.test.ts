/**
 * The stack's JWTs: HS256 with the shared secret, ES256 with the persisted signing key, a project's own
 * RS256/ES256 keys, and the refusals.
 */
import { createHmac, createPrivateKey, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Jwt, JwtError, loadProjectKeys, loadSigningKey } from '../src/jwt.ts';
import { ANON_KEY, JWT_SECRET, SERVICE_ROLE_KEY } from '../src/keys.ts';
import { newSigningJwk, signWithJwk } from './helpers/jwt.ts';

const dir = mkdtempSync(join(tmpdir(), 'stack-jwt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const keyFile = join(dir, 'keys', 'signing-key.json');
const jwt = new Jwt(JWT_SECRET, loadSigningKey(keyFile));
const now = Math.floor(Date.now() / 1000);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function reason(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(JwtError);
    return (error as JwtError).reason;
  }
  throw new Error('expected a JwtError');
}

describe('Jwt', () => {
  it('verifies the CLI’s well-known anon and service_role keys', () => {
    expect(jwt.verify(ANON_KEY)).toEqual({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 });
    expect(jwt.verify(SERVICE_ROLE_KEY).role).toBe('service_role');
  });

  it('signs and verifies HS256', () => {
    const token = jwt.sign({ sub: 'u1', role: 'authenticated', exp: now + 60 }, 'HS256');
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    expect(jwt.verify(token)).toEqual({ sub: 'u1', role: 'authenticated', exp: now + 60 });
  });

  it('signs ES256 by default, with the kid of the published key', () => {
    const token = jwt.sign({ sub: 'u2', exp: now + 60 });
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'ES256', kid: jwt.signingKey.kid, typ: 'JWT' });
    expect(Buffer.from(token.split('.')[2]!, 'base64url')).toHaveLength(64);
    expect(jwt.verify(token).sub).toBe('u2');
  });

  it('refuses an expired token, also one verified (and cached) before it expired', () => {
    expect(reason(() => jwt.verify(jwt.sign({ exp: now - 1 }, 'HS256')))).toBe('expired');
    const token = jwt.sign({ exp: now + 10 });
    expect(jwt.verify(token, now).exp).toBe(now + 10);
    expect(reason(() => jwt.verify(token, now + 10))).toBe('expired');
  });

  it('refuses a token signed with another secret or tampered with', () => {
    const other = new Jwt('another-secret-that-is-at-least-32-characters', jwt.signingKey);
    expect(reason(() => jwt.verify(other.sign({ role: 'service_role' }, 'HS256')))).toBe('signature');
    const [h, , s] = jwt.sign({ role: 'anon' }).split('.');
    expect(reason(() => jwt.verify(`${h}.${b64({ role: 'service_role' })}.${s}`))).toBe('signature');
  });

  it('refuses alg none and unknown algorithms', () => {
    expect(reason(() => jwt.verify(`${b64({ alg: 'none' })}.${b64({ role: 'service_role' })}.`))).toBe(
      'algorithm',
    );
    const input = `${b64({ alg: 'HS512' })}.${b64({ role: 'x' })}`;
    const sig = createHmac('sha512', JWT_SECRET).update(input).digest('base64url');
    expect(reason(() => jwt.verify(`${input}.${sig}`))).toBe('algorithm');
  });

  it('refuses an ES256 token whose kid is not the signing key', () => {
    const other = new Jwt(JWT_SECRET, loadSigningKey(join(dir, 'other.json')));
    expect(reason(() => jwt.verify(other.sign({ sub: 'x' })))).toBe('signature');
  });

  it('refuses malformed tokens', () => {
    for (const token of ['', 'abc', 'a.b', 'a.b.c.d', `${b64({ alg: 'HS256' })}.bm90IGpzb24.x`]) {
      expect(
        reason(() => jwt.verify(token)),
        token,
      ).toBe('malformed');
    }
    expect(reason(() => jwt.verify(`${b64({ alg: 'HS256' })}.${b64([1, 2])}.x`))).toBe('malformed');
  });

  it('publishes the public key as a JWKS with no private part', () => {
    const { keys } = jwt.jwks;
    expect(keys).toHaveLength(1);
    expect(keys[0]).toEqual({
      kty: 'EC',
      crv: 'P-256',
      x: expect.stringMatching(/^[\w-]{43}$/),
      y: expect.stringMatching(/^[\w-]{43}$/),
      kid: jwt.signingKey.kid,
      alg: 'ES256',
      use: 'sig',
      key_ops: ['verify'],
    });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('keeps the signing key across restarts, so issued sessions stay valid', () => {
    const token = jwt.sign({ sub: 'kept', exp: now + 60 });
    const restarted = new Jwt(JWT_SECRET, loadSigningKey(keyFile));
    expect(restarted.signingKey.kid).toBe(jwt.signingKey.kid);
    expect(restarted.jwks).toEqual(jwt.jwks);
    expect(restarted.verify(token).sub).toBe('kept');
  });
});

describe('Jwt with a project’s signing keys', () => {
  const signing = newSigningJwk('RS256');
  const standby = newSigningJwk('ES256', ['verify']);
  const file = join(dir, 'signing_keys.json');
  writeFileSync(file, JSON.stringify([standby, signing]));
  const [first, ...others] = loadProjectKeys(file);
  const project = new Jwt(JWT_SECRET, first!, others);

  it('signs with the key marked sign, in its algorithm and with its kid', () => {
    expect(project.signingKey.kid).toBe(signing.kid);
    const [h] = project.sign({ sub: 'p' }).split('.');
    expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toEqual({
      alg: 'RS256',
      kid: signing.kid,
      typ: 'JWT',
    });
    expect(project.verify(project.sign({ sub: 'p', exp: now + 60 })).sub).toBe('p');
    expect(project.jwks.keys.map((k) => k.kid)).toEqual([signing.kid, standby.kid]);
  });

  it('verifies tokens of every key, with or without kid, and still HS256', () => {
    expect(project.verify(signWithJwk({ sub: 'a' }, standby)).sub).toBe('a');
    // No kid: tried against every key of the algorithm.
    const input = `${b64({ alg: 'ES256', typ: 'JWT' })}.${b64({ sub: 'b' })}`;
    const key = createPrivateKey({ key: standby, format: 'jwk' });
    const sig = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
    expect(project.verify(`${input}.${sig}`).sub).toBe('b');
    expect(project.verify(ANON_KEY).role).toBe('anon');
  });

  it('refuses tokens of a key it does not hold', () => {
    expect(reason(() => project.verify(signWithJwk({ sub: 'x' }, newSigningJwk('RS256'))))).toBe('signature');
    const es = signWithJwk({ sub: 'x' }, newSigningJwk('ES256'));
    expect(reason(() => project.verify(es))).toBe('signature');
  });
});
