/** Sessions: password sign-in, access-token claims verified through the JWKS, refresh rotation, sign-out scopes. */
import { createPublicKey, verify } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, anon, authFetch, confirmedUser, decodeJwt, env, signIn } from './auth-helpers.ts';

const sql = postgres(env.dbUrl, { max: 1, onnotice: () => {} });
afterAll(() => sql.end());

const refresh = (refresh_token: string, headers: Record<string, string> = {}) =>
  authFetch('/token?grant_type=refresh_token', {
    method: 'POST',
    headers: { 'x-supabase-api-version': '2024-01-01', ...headers },
    body: JSON.stringify({ refresh_token }),
  });

describe('password sign-in', () => {
  it('answers a session with a bearer token, refresh token and the user', async () => {
    const { email, password, id } = await confirmedUser('signin', 'password-123', { plan: 'pro' });
    const { data, error } = await anon().auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const s = data.session!;
    expect(s.token_type).toBe('bearer');
    expect(s.expires_in).toBe(3600);
    expect(s.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(s.refresh_token).toMatch(/^[a-z0-9]{12}$/);
    expect(s.user).toMatchObject({ id, email, user_metadata: { plan: 'pro' } });
    expect(s.user.last_sign_in_at).toEqual(expect.any(String));
    const [session] = await sql`select user_id, aal::text from auth.sessions where user_id = ${id}`;
    expect(session).toEqual({ user_id: id, aal: 'aal1' });
    const amr =
      await sql`select authentication_method from auth.mfa_amr_claims c join auth.sessions s on s.id = c.session_id where s.user_id = ${id}`;
    expect(amr).toEqual([{ authentication_method: 'password' }]);
  });

  it('signs an ES256 access token with the claims GoTrue issues, verifiable through the JWKS', async () => {
    const { email, password, id } = await confirmedUser('claims');
    const s = await signIn(email, password);
    const { header, claims } = decodeJwt(s.access_token);
    const jwks = (await (await fetch(`${env.apiUrl}/auth/v1/.well-known/jwks.json`)).json()) as {
      keys: (Record<string, unknown> & { kid: string })[];
    };
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: jwks.keys[0]!.kid });
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const key = createPublicKey({ key: jwks.keys[0] as never, format: 'jwk' });
    const [h, p, sig] = s.access_token.split('.') as [string, string, string];
    const valid = verify(
      'sha256',
      Buffer.from(`${h}.${p}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig, 'base64url'),
    );
    expect(valid).toBe(true);
    expect(claims).toMatchObject({
      iss: `${env.apiUrl}/auth/v1`,
      sub: id,
      aud: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
  });

  it('supabase-js getClaims verifies the ES256 token against the JWKS', async () => {
    const { email, password, id } = await confirmedUser('getclaims');
    const client = anon();
    await client.auth.signInWithPassword({ email, password });
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data!.claims).toMatchObject({ sub: id, email, role: 'authenticated', aal: 'aal1' });
    expect(data!.header).toMatchObject({ alg: 'ES256' });
  });

  it('refuses a wrong password and an unknown address alike: invalid_credentials 400', async () => {
    const { email } = await confirmedUser('wrong');
    for (const attempt of [
      { email, password: 'not-the-password' },
      { email: 'nobody-here@example.test', password: 'password-123' },
    ]) {
      const { error } = await anon().auth.signInWithPassword(attempt);
      expect(error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh answers a new pair and revokes the old token', async () => {
    const { email, password } = await confirmedUser('rotate');
    const s = await signIn(email, password);
    const { data, error } = await anon().auth.refreshSession({ refresh_token: s.refresh_token });
    expect(error).toBeNull();
    const next = data.session!;
    expect(next.refresh_token).not.toBe(s.refresh_token);
    expect(decodeJwt(next.access_token).claims.session_id).toBe(decodeJwt(s.access_token).claims.session_id);
    const rows =
      await sql`select token, revoked, parent from auth.refresh_tokens where token in ${sql([s.refresh_token, next.refresh_token])} order by id`;
    expect(rows).toEqual([
      { token: s.refresh_token, revoked: true, parent: null },
      { token: next.refresh_token, revoked: false, parent: s.refresh_token },
    ]);
  });

  it('a client that lost the answer gets the same new token back from the parent', async () => {
    const { email, password } = await confirmedUser('lost');
    const s = await signIn(email, password);
    const first = (await (await refresh(s.refresh_token)).json()) as { refresh_token: string };
    const again = await refresh(s.refresh_token);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { refresh_token: string }).refresh_token).toBe(first.refresh_token);
  });

  it('reuse of an old token outside the reuse interval: refresh_token_already_used and the family is revoked', async () => {
    const { email, password } = await confirmedUser('reuse');
    const s = await signIn(email, password);
    const r1 = (await (await refresh(s.refresh_token)).json()) as { refresh_token: string };
    const r2 = (await (await refresh(r1.refresh_token)).json()) as { refresh_token: string };
    // Age the chain past refresh_token_reuse_interval (10 s in the fixture).
    const sid = decodeJwt(s.access_token).claims.session_id as string;
    await sql`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where session_id = ${sid}`;
    const reused = await refresh(s.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const live =
      await sql`select count(*)::int as n from auth.refresh_tokens where session_id = ${sid} and not revoked`;
    expect(live[0]!.n).toBe(0);
    await sql`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where session_id = ${sid}`;
    const latest = await refresh(r2.refresh_token);
    expect(latest.status).toBe(400);
    expect(((await latest.json()) as { code: string }).code).toBe('refresh_token_already_used');
  });

  it('an unknown refresh token: refresh_token_not_found 400; a missing one: invalid_request', async () => {
    const res = await refresh('doesnotexist');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const missing = await authFetch('/token?grant_type=refresh_token', { method: 'POST', body: '{}' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'refresh_token required',
    });
  });
});

describe('the signed-in user', () => {
  it('getUser answers the user of the token', async () => {
    const { email, password, id } = await confirmedUser('me');
    const s = await signIn(email, password);
    const { data, error } = await anon().auth.getUser(s.access_token);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, email, aud: 'authenticated', role: 'authenticated' });
    expect(data.user!.identities![0]).toMatchObject({ provider: 'email', user_id: id });
  });

  it('updateUser merges metadata and changes the password', async () => {
    const { email, password } = await confirmedUser('update', 'password-123', { a: 1, b: 2 });
    const client = anon();
    await client.auth.signInWithPassword({ email, password });
    const { data, error } = await client.auth.updateUser({ data: { b: null, c: 3 } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toEqual({ a: 1, c: 3 });
    const same = await client.auth.updateUser({ password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const changed = await client.auth.updateUser({ password: 'new-password-456' });
    expect(changed.error).toBeNull();
    expect((await anon().auth.signInWithPassword({ email, password })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await anon().auth.signInWithPassword({ email, password: 'new-password-456' })).error).toBeNull();
  });

  it('a password change ends the other sessions of the user', async () => {
    const { email, password } = await confirmedUser('pwlogout');
    const other = await signIn(email, password);
    const client = anon();
    await client.auth.signInWithPassword({ email, password });
    await client.auth.updateUser({ password: 'changed-password-1' });
    // supabase-js reports a vanished session as AuthSessionMissingError; the wire answer is 403 session_not_found.
    const { error } = await anon().auth.getUser(other.access_token);
    expect(error?.name).toBe('AuthSessionMissingError');
    const res = await authFetch('/user', { headers: { authorization: `Bearer ${other.access_token}` } });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-sb-error-code')).toBe('session_not_found');
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('updateUser cannot set app_metadata', async () => {
    const { email, password } = await confirmedUser('appmeta');
    const s = await signIn(email, password);
    const res = await authFetch('/user', {
      method: 'PUT',
      headers: { authorization: `Bearer ${s.access_token}`, 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ app_metadata: { admin: true } }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      code: 'not_admin',
      message: 'Updating app_metadata requires admin privileges',
    });
  });
});

describe('sign-out', () => {
  async function threeSessions() {
    const { email, password } = await confirmedUser('logout');
    return Promise.all([signIn(email, password), signIn(email, password), signIn(email, password)]);
  }
  const status = async (token: string) =>
    (await authFetch('/user', { headers: { authorization: `Bearer ${token}` } })).status;

  it('local ends only this session: its token then gets session_not_found 403', async () => {
    const [a, b] = await threeSessions();
    const res = await authFetch('/logout?scope=local', {
      method: 'POST',
      headers: { authorization: `Bearer ${a!.access_token}` },
    });
    expect(res.status).toBe(204);
    const after = await authFetch('/user', { headers: { authorization: `Bearer ${a!.access_token}` } });
    expect(after.status).toBe(403);
    expect(await after.json()).toEqual({
      code: 403,
      error_code: 'session_not_found',
      msg: 'Session from session_id claim in JWT does not exist',
    });
    expect(await status(b!.access_token)).toBe(200);
    const { error } = await anon().auth.refreshSession({ refresh_token: a!.refresh_token });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('others ends every other session and keeps this one', async () => {
    const [a, b, c] = await threeSessions();
    const res = await authFetch('/logout?scope=others', {
      method: 'POST',
      headers: { authorization: `Bearer ${a!.access_token}` },
    });
    expect(res.status).toBe(204);
    expect([
      await status(a!.access_token),
      await status(b!.access_token),
      await status(c!.access_token),
    ]).toEqual([200, 403, 403]);
  });

  it('global (the default of supabase-js signOut) ends them all', async () => {
    const [a, b] = await threeSessions();
    const client = anon();
    await client.auth.setSession({ access_token: a!.access_token, refresh_token: a!.refresh_token });
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    expect([await status(a!.access_token), await status(b!.access_token)]).toEqual([403, 403]);
  });

  it('the admin API can sign a user out with their token (auth.admin.signOut)', async () => {
    const [a, b] = await threeSessions();
    const { error } = await admin().auth.admin.signOut(a!.access_token, 'global');
    expect(error).toBeNull();
    expect([await status(a!.access_token), await status(b!.access_token)]).toEqual([403, 403]);
  });

  it('an unknown scope is validation_failed', async () => {
    const [a] = await threeSessions();
    const res = await authFetch('/logout?scope=everyone', {
      method: 'POST',
      headers: { authorization: `Bearer ${a!.access_token}`, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'Unsupported logout scope "everyone"',
    });
  });
});
