/** Sign-up through supabase-js: confirmation email in the inbox, the link, the profile trigger, errors. */
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { anon, authFetch, codeIn, env, latestEmail, linkIn, signIn, uniqueEmail } from './auth-helpers.ts';

const sql = postgres(env.dbUrl, { max: 1, onnotice: () => {} });
afterAll(() => sql.end());

describe('sign-up with email confirmation', () => {
  it('creates an unconfirmed user, answers no session and emails a confirmation link', async () => {
    const email = uniqueEmail('signup');
    const { data, error } = await anon().auth.signUp({
      email,
      password: 'password-123',
      options: { data: { display_name: 'Ada' }, emailRedirectTo: 'http://127.0.0.1:3000/welcome' },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const user = data.user!;
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { display_name: 'Ada' },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.confirmation_sent_at).toEqual(expect.any(String));
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({
      id: user.id,
      user_id: user.id,
      provider: 'email',
      email,
      identity_data: {
        email,
        email_verified: false,
        phone_verified: false,
        sub: user.id,
        display_name: 'Ada',
      },
    });

    const mail = await latestEmail(email);
    expect(mail.Subject).toBe('Confirm Your Email');
    const link = linkIn(mail);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe('http://127.0.0.1:3000/welcome');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);

    // The hashed token is kept on the user and in auth.one_time_tokens, as GoTrue does.
    const [row] = await sql`select confirmation_token from auth.users where id = ${user.id}`;
    expect(row!.confirmation_token).toBe(link.searchParams.get('token'));
    const tokens =
      await sql`select token_type, token_hash, relates_to from auth.one_time_tokens where user_id = ${user.id}`;
    expect(tokens).toEqual([
      { token_type: 'confirmation_token', token_hash: row!.confirmation_token, relates_to: email },
    ]);
  });

  it('refuses to sign in before confirmation, and following the link confirms and redirects with a session', async () => {
    const email = uniqueEmail('confirm');
    await anon().auth.signUp({ email, password: 'password-123' });
    const early = await anon().auth.signInWithPassword({ email, password: 'password-123' });
    expect(early.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });

    const link = linkIn(await latestEmail(email));
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3000/');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.get('refresh_token')).toMatch(/^[a-z0-9]{12}$/);
    expect(fragment.has('sb')).toBe(true);
    const { data } = await anon().auth.getUser(fragment.get('access_token')!);
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
    expect(data.user!.identities![0]!.identity_data!.email_verified).toBe(true);

    const session = await signIn(email, 'password-123');
    expect(session.user.email).toBe(email);
  });

  it('a followed link cannot be followed again: it redirects with otp_expired in the fragment', async () => {
    const email = uniqueEmail('twice');
    await anon().auth.signUp({ email, password: 'password-123' });
    const link = linkIn(await latestEmail(email));
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    const location = new URL(again.headers.get('location')!);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(Object.fromEntries(fragment)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
      sb: '',
    });
  });

  it('falls back to site_url when emailRedirectTo is not allowed', async () => {
    const email = uniqueEmail('redirect');
    await anon().auth.signUp({
      email,
      password: 'password-123',
      options: { emailRedirectTo: 'https://evil.example.com/x' },
    });
    const link = linkIn(await latestEmail(email));
    expect(link.searchParams.get('redirect_to')).toBe('http://127.0.0.1:3000');
  });

  it('confirms with the emailed code through verifyOtp', async () => {
    const email = uniqueEmail('code');
    await anon().auth.signUp({ email, password: 'password-123' });
    const token = codeIn(await latestEmail(email));
    const { data, error } = await anon().auth.verifyOtp({ email, token, type: 'signup' });
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(email);
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
  });

  it('runs the app trigger on auth.users: a profile row appears', async () => {
    const email = uniqueEmail('profile');
    const { data } = await anon().auth.signUp({
      email,
      password: 'password-123',
      options: { data: { display_name: 'Grace' } },
    });
    const rows = await sql`select id, email, display_name from public.profiles where id = ${data.user!.id}`;
    expect(rows).toEqual([{ id: data.user!.id, email, display_name: 'Grace' }]);
  });

  it('an app trigger that raises refuses the sign-up as GoTrue does, and leaves nothing behind', async () => {
    const email = `${uniqueEmail('blocked').split('@')[0]}@blocked.test`;
    const { data, error } = await anon().auth.signUp({ email, password: 'password-123' });
    expect(data.user).toBeNull();
    // supabase-js reports any 5xx as retryable; the body says what GoTrue says.
    expect(error).toMatchObject({
      name: 'AuthRetryableFetchError',
      status: 500,
      message: 'Database error saving new user',
    });
    const modern = await authFetch('/signup', {
      method: 'POST',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email, password: 'password-123' }),
    });
    expect(await modern.json()).toEqual({
      code: 'unexpected_failure',
      message: 'Database error saving new user',
    });
    const legacy = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email, password: 'password-123' }),
    });
    expect(legacy.status).toBe(500);
    expect(await legacy.json()).toEqual({
      code: 'P0001',
      message: 'sign-ups from blocked.test are not allowed',
      hint: 'use another address',
    });
    expect(await sql`select 1 from auth.users where email = ${email}`).toHaveLength(0);
  });

  it('records the steps in auth.audit_log_entries as GoTrue does', async () => {
    const email = uniqueEmail('audit');
    const client = anon();
    const { data } = await client.auth.signUp({ email, password: 'password-123' });
    await client.auth.verifyOtp({ email, token: codeIn(await latestEmail(email)), type: 'signup' });
    await client.auth.signOut();
    await client.auth.signInWithPassword({ email, password: 'password-123' });
    const rows = await sql`
      select payload from auth.audit_log_entries where payload ->> 'actor_id' = ${data.user!.id}
      order by created_at, payload ->> 'action'`;
    expect(rows.map((r) => r.payload.action)).toEqual([
      'user_confirmation_requested',
      'user_signedup',
      'logout',
      'login',
    ]);
    expect(rows[3]!.payload).toEqual({
      actor_id: data.user!.id,
      actor_via_sso: false,
      actor_username: email,
      action: 'login',
      log_type: 'account',
      traits: { provider: 'email' },
    });
  });

  it('hashes passwords with bcrypt at the stack’s cost (a test stack’s 4; GoTrue’s 10 is passwords.test.ts’s)', async () => {
    const email = uniqueEmail('bcrypt');
    const { data } = await anon().auth.signUp({ email, password: 'password-123' });
    const [row] = await sql`select encrypted_password from auth.users where id = ${data.user!.id}`;
    expect(row!.encrypted_password).toMatch(/^\$2[aby]\$04\$/);
  });

  it('a repeated sign-up of a confirmed address answers a look-alike user and sends nothing', async () => {
    const email = uniqueEmail('again');
    await anon().auth.signUp({ email, password: 'password-123' });
    await anon().auth.verifyOtp({ email, token: codeIn(await latestEmail(email)), type: 'signup' });
    const { data: first } = await anon().auth.getUser();
    expect(first.user).toBeNull();
    const { data, error } = await anon().auth.signUp({ email, password: 'another-123' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.identities).toEqual([]);
    expect(data.user!.role).toBe('');
  });

  it('refuses weak passwords with weak_password 422 and reasons', async () => {
    const { data, error } = await anon().auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      reasons: ['length'],
    });
    const raw = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('weak'), password: '123' }),
    });
    expect(raw.status).toBe(422);
    expect(await raw.json()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });

  it('refuses an invalid email and a missing password with validation_failed', async () => {
    const bad = await anon().auth.signUp({ email: 'not-an-email', password: 'password-123' });
    expect(bad.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    });
    const res = await authFetch('/signup', {
      method: 'POST',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ email: uniqueEmail('nopass') }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'Signup requires a valid password',
    });
  });
});
