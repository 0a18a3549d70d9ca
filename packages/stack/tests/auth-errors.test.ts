/** Bad input and bad tokens: GoTrue's codes, statuses and both error shapes, and nothing changed. */
import { describe, expect, it } from 'vitest';
import { anon, authFetch, confirmedUser, decodeJwt, env, signIn } from './auth-helpers.ts';
import { signHs256 } from './helpers/jwt.ts';

const V = { 'x-supabase-api-version': '2024-01-01' };

const hs256 = (claims: Record<string, unknown>, secret = env.jwtSecret) => signHs256(claims, secret);

const getUser = (token: string) =>
  authFetch('/user', { headers: { ...V, authorization: `Bearer ${token}` } });

describe('error shapes', () => {
  it('with X-Supabase-Api-Version: {code, message} and the header echoed; without: {code, error_code, msg}', async () => {
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'whatever-1' });
    const modern = await authFetch('/token?grant_type=password', { method: 'POST', headers: V, body });
    expect(modern.status).toBe(400);
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(modern.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await modern.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const legacy = await authFetch('/token?grant_type=password', { method: 'POST', body });
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('malformed JSON is bad_json 400', async () => {
    const res = await authFetch('/signup', { method: 'POST', headers: V, body: '{"email": ' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('bad_json');
    expect(body.message).toMatch(/^Could not parse request body as JSON: /);
  });

  it('an unsupported grant type, and a password grant without an email', async () => {
    const grant = await authFetch('/token?grant_type=magic', { method: 'POST', headers: V, body: '{}' });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
    const missing = await authFetch('/token?grant_type=password', {
      method: 'POST',
      headers: V,
      body: '{"password":"x"}',
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ code: 'validation_failed', message: 'missing email or phone' });
  });

  it('verify without a type or token is validation_failed', async () => {
    const noType = await authFetch('/verify', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ token_hash: 'x' }),
    });
    expect(await noType.json()).toEqual({
      code: 'validation_failed',
      message: 'Verify requires a verification type',
    });
    const both = await authFetch('/verify', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ type: 'email', token: '1', token_hash: 'x' }),
    });
    expect(await both.json()).toEqual({
      code: 'validation_failed',
      message: 'Verify requires either a token or a token hash',
    });
    const unknownHash = await authFetch('/verify', {
      method: 'POST',
      headers: V,
      body: JSON.stringify({ type: 'signup', token_hash: 'nope' }),
    });
    expect(unknownHash.status).toBe(403);
    expect(await unknownHash.json()).toEqual({
      code: 'otp_expired',
      message: 'Email link is invalid or has expired',
    });
  });

  it('anonymous sign-ins are off unless config.toml enables them', async () => {
    const { error } = await anon().auth.signInAnonymously();
    expect(error).toMatchObject({
      status: 422,
      code: 'anonymous_provider_disabled',
      message: 'Anonymous sign-ins are disabled',
    });
  });

  it('OAuth providers are off: /authorize refuses as GoTrue does for a disabled provider', async () => {
    const res = await fetch(`${env.apiUrl}/auth/v1/authorize?provider=github`, {
      headers: V,
      redirect: 'manual',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported provider: provider is not enabled',
    });
    const unknown = await fetch(`${env.apiUrl}/auth/v1/authorize?provider=nope`, { redirect: 'manual' });
    expect(await unknown.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: Provider nope could not be found',
    });
  });

  it('unknown routes are 404', async () => {
    const res = await authFetch('/nowhere', { headers: V });
    expect(res.status).toBe(404);
  });
});

describe('tokens on /user', () => {
  it('no Authorization header beyond the anon key: the anon JWT has no sub, bad_jwt 403', async () => {
    const res = await authFetch('/user', { headers: V });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
  });

  it('a malformed token, a wrong signature and an expired token are bad_jwt 403', async () => {
    const { email, password, id } = await confirmedUser('jwt');
    const s = await signIn(email, password);
    const [h, p] = s.access_token.split('.');
    const tampered = `${h}.${p}.${Buffer.alloc(64).toString('base64url')}`;
    const expired = hs256({
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      exp: Math.floor(Date.now() / 1000) - 10,
    });
    const wrongSecret = hs256(
      { sub: id, role: 'authenticated', exp: 4102444800 },
      'not-the-secret-not-the-secret-xx',
    );
    for (const [token, reason] of [
      ['garbage', /token is malformed/],
      [tampered, /signature is invalid/],
      [expired, /token is expired/],
      [wrongSecret, /signature is invalid/],
    ] as const) {
      const res = await getUser(token);
      expect(res.status).toBe(403);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe('bad_jwt');
      expect(body.message).toMatch(/^invalid JWT: unable to parse or verify signature, /);
      expect(body.message).toMatch(reason);
    }
  });

  it('accepts an HS256 token signed with the JWT secret', async () => {
    const { id, email } = await confirmedUser('hs256');
    const res = await getUser(
      hs256({ sub: id, role: 'authenticated', aud: 'authenticated', exp: 4102444800 }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(email);
  });

  it("a token for another audience is refused: Token audience doesn't match", async () => {
    const { id } = await confirmedUser('aud');
    const res = await getUser(hs256({ sub: id, role: 'authenticated', aud: 'elsewhere', exp: 4102444800 }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: "Token audience doesn't match request audience",
    });
  });

  it('a token for a user that does not exist is user_not_found 403', async () => {
    const res = await getUser(
      hs256({ sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', exp: 4102444800 }),
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 'user_not_found',
      message: 'User from sub claim in JWT does not exist',
    });
  });

  it('admin endpoints without a bearer token at all are no_authorization 401', async () => {
    const res = await fetch(`${env.apiUrl}/auth/v1/admin/users`, {
      headers: { ...V, apikey: env.anonKey, authorization: 'Basic abc' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a valid Bearer token',
    });
  });

  it('a refresh via supabase-js with a bad token surfaces refresh_token_not_found', async () => {
    const { error } = await anon().auth.refreshSession({ refresh_token: 'zzzzzzzzzzzz' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });
});

describe('public endpoints', () => {
  it('/settings tells the client what is on', async () => {
    const res = await authFetch('/settings');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown> & { external: Record<string, boolean> };
    expect(body).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      saml_enabled: false,
    });
    expect(body.external).toMatchObject({ email: true, phone: false, google: false, anonymous_users: false });
  });

  it('the JWKS needs no apikey and holds the key that signs sessions', async () => {
    const res = await fetch(`${env.apiUrl}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const { keys } = (await res.json()) as { keys: { kid: string }[] };
    const { email, password } = await confirmedUser('kid');
    const s = await signIn(email, password);
    expect(keys.map((k) => k.kid)).toContain(decodeJwt(s.access_token).header.kid);
  });

  it('other auth endpoints need an apikey', async () => {
    const res = await fetch(`${env.apiUrl}/auth/v1/settings`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'No API key found in request' });
  });
});
