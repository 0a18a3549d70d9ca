/** The pure parts of the Edge Functions service: path parsing, dotenv, the verify_jwt check. */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDotenv } from '../src/functions/dotenv.ts';
import { parseFunctionPath } from '../src/functions/index.ts';
import { checkJwt } from '../src/functions/verify-jwt.ts';
import { Jwt, loadProjectKeys, loadSigningKey } from '../src/jwt.ts';
import { JWT_SECRET } from '../src/keys.ts';
import { newSigningJwk, signWithJwk } from './helpers/jwt.ts';

describe('parseFunctionPath', () => {
  it('splits the name from the rest of the path', () => {
    expect(parseFunctionPath('/hello')).toEqual({ name: 'hello', rest: '' });
    expect(parseFunctionPath('/hello/')).toEqual({ name: 'hello', rest: '/' });
    expect(parseFunctionPath('/hello-world/a/b')).toEqual({ name: 'hello-world', rest: '/a/b' });
    expect(parseFunctionPath('/my_fn2')).toEqual({ name: 'my_fn2', rest: '' });
  });

  it('refuses names that are not function names', () => {
    for (const path of ['/', '', '/_shared', '/..', '/.env', '/%2e%2e', '/..%2Fsecrets', '/1abc', '/a.b']) {
      expect(parseFunctionPath(path), path).toBeNull();
    }
  });
});

describe('parseDotenv', () => {
  it('reads the forms dotenv files use', () => {
    const text = [
      '# a comment',
      'PLAIN=value',
      'SPACED = spaced value  ',
      'export EXPORTED=yes',
      'TRAILING=kept # comment dropped',
      "SINGLE='literal \\n # not a comment'",
      'DOUBLE="line one\\nline two"',
      'MULTI="first',
      'second"',
      'EMPTY=',
      'URL=postgres://u:p@h:5432/db?sslmode=disable',
      'HASH=a#b',
      'not a pair',
    ].join('\r\n');
    expect(parseDotenv(text)).toEqual({
      PLAIN: 'value',
      SPACED: 'spaced value',
      EXPORTED: 'yes',
      TRAILING: 'kept',
      SINGLE: 'literal \\n # not a comment',
      DOUBLE: 'line one\nline two',
      MULTI: 'first\nsecond',
      EMPTY: '',
      URL: 'postgres://u:p@h:5432/db?sslmode=disable',
      HASH: 'a#b',
    });
  });
});

describe('checkJwt', () => {
  const jwt = new Jwt(JWT_SECRET, loadSigningKey(join(mkdtempSync(join(tmpdir(), 'jwt-')), 'key.json')));
  const request = (headers: Record<string, string>, method = 'POST') =>
    new Request('http://localhost/functions/v1/x', { method, headers });
  const codeOf = async (res: Response | null) => (res ? ((await res.json()) as { code: string }).code : null);
  const now = Math.floor(Date.now() / 1000);

  it('admits valid HS256 and ES256 tokens, and preflights without any', async () => {
    expect(
      checkJwt(request({ authorization: `Bearer ${jwt.sign({ role: 'anon' }, 'HS256')}` }), jwt),
    ).toBeNull();
    const user = jwt.sign({ role: 'authenticated', sub: 'u', exp: now + 60 });
    expect(checkJwt(request({ authorization: `Bearer ${user}` }), jwt)).toBeNull();
    expect(checkJwt(request({}, 'OPTIONS'), jwt)).toBeNull();
  });

  it("admits RS256 tokens of a project's own signing key, and refuses another key's", async () => {
    const key = newSigningJwk('RS256');
    const file = join(mkdtempSync(join(tmpdir(), 'jwt-')), 'signing_keys.json');
    writeFileSync(file, JSON.stringify([key]));
    const [signing] = loadProjectKeys(file);
    const project = new Jwt(JWT_SECRET, signing!);
    const token = signWithJwk({ role: 'authenticated', sub: 'u', exp: now + 60 }, key);
    expect(checkJwt(request({ authorization: `Bearer ${token}` }), project)).toBeNull();
    const stranger = signWithJwk({ role: 'authenticated', exp: now + 60 }, newSigningJwk('RS256'));
    expect(await codeOf(checkJwt(request({ authorization: `Bearer ${stranger}` }), project))).toBe(
      'UNAUTHORIZED_ASYMMETRIC_JWT',
    );
  });

  it('names each refusal as the platform does', async () => {
    expect(await codeOf(checkJwt(request({}), jwt))).toBe('UNAUTHORIZED_NO_AUTH_HEADER');
    expect(await codeOf(checkJwt(request({ authorization: 'Token abc' }), jwt))).toBe(
      'UNAUTHORIZED_INVALID_JWT_FORMAT',
    );
    expect(await codeOf(checkJwt(request({ authorization: 'Bearer a.b' }), jwt))).toBe(
      'UNAUTHORIZED_INVALID_JWT_FORMAT',
    );
    const expiredEs = jwt.sign({ role: 'authenticated', exp: now - 1 });
    expect(await codeOf(checkJwt(request({ authorization: `Bearer ${expiredEs}` }), jwt))).toBe(
      'UNAUTHORIZED_ASYMMETRIC_JWT',
    );
    const expiredHs = jwt.sign({ role: 'authenticated', exp: now - 1 }, 'HS256');
    expect(await codeOf(checkJwt(request({ authorization: `Bearer ${expiredHs}` }), jwt))).toBe(
      'UNAUTHORIZED_LEGACY_JWT',
    );
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`;
    const res = checkJwt(request({ authorization: `Bearer ${none}` }), jwt);
    expect(res?.status).toBe(401);
    expect(await res?.json()).toEqual({
      code: 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM',
      message: 'Unsupported JWT algorithm none',
    });
  });
});
