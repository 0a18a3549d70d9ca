/** Email flows: magic links and codes, recovery, email change, resend, and PKCE code exchange. */
import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  anon,
  authFetch,
  codeIn,
  confirmedUser,
  decodeJwt,
  emailCount,
  env,
  latestEmail,
  linkIn,
  signIn,
  uniqueEmail,
} from './auth-helpers.ts';

/** A supabase-js client in PKCE mode with an in-memory storage (where it keeps the code verifier). */
function pkceClient() {
  const store = new Map<string, string>();
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  return createClient(env.apiUrl, env.anonKey, {
    auth: {
      flowType: 'pkce',
      storage,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
  });
}

async function follow(link: URL): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

describe('magic links and email codes', () => {
  it('signInWithOtp emails a magic link that signs in through the redirect', async () => {
    const { email, id } = await confirmedUser('magic');
    const { data, error } = await anon().auth.signInWithOtp({
      email,
      options: { emailRedirectTo: 'http://127.0.0.1:3000/after' },
    });
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    const mail = await latestEmail(email);
    expect(mail.Subject).toBe('Your Magic Link');
    const link = linkIn(mail);
    expect(link.searchParams.get('type')).toBe('magiclink');
    const location = await follow(link);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:3000/after');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('magiclink');
    expect(decodeJwt(fragment.get('access_token')!).claims).toMatchObject({
      sub: id,
      amr: [{ method: 'otp', timestamp: expect.any(Number) }],
    });
  });

  it('verifyOtp with the emailed code and type email answers a session', async () => {
    const { email } = await confirmedUser('code');
    await anon().auth.signInWithOtp({ email });
    const token = codeIn(await latestEmail(email));
    const { data, error } = await anon().auth.verifyOtp({ email, token, type: 'email' });
    expect(error).toBeNull();
    expect(data.session!.user.email).toBe(email);
    const reused = await anon().auth.verifyOtp({ email, token, type: 'email' });
    expect(reused.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('a wrong code is otp_expired 403', async () => {
    const { email } = await confirmedUser('wrongcode');
    await anon().auth.signInWithOtp({ email });
    const { error } = await anon().auth.verifyOtp({ email, token: '000000', type: 'magiclink' });
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('a new address gets a signup confirmation, unless create_user is false', async () => {
    const email = uniqueEmail('otpnew');
    const { error } = await anon().auth.signInWithOtp({ email });
    expect(error).toBeNull();
    const mail = await latestEmail(email);
    expect(linkIn(mail).searchParams.get('type')).toBe('signup');
    const { data } = await anon().auth.verifyOtp({ email, token: codeIn(mail), type: 'email' });
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));

    const stranger = uniqueEmail('otpnone');
    const refused = await anon().auth.signInWithOtp({
      email: stranger,
      options: { shouldCreateUser: false },
    });
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'otp_disabled',
      message: 'Signups not allowed for otp',
    });
    expect(await emailCount(stranger)).toBe(0);
  });

  it('verifyOtp with token_hash (server-side confirmation pages)', async () => {
    const { email } = await confirmedUser('hash');
    await anon().auth.signInWithOtp({ email });
    const token_hash = linkIn(await latestEmail(email)).searchParams.get('token')!;
    const { data, error } = await anon().auth.verifyOtp({ token_hash, type: 'magiclink' });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
  });
});

describe('password recovery', () => {
  it('resetPasswordForEmail emails a recovery link; the session it gives can set a new password', async () => {
    const { email } = await confirmedUser('recover');
    const { error } = await anon().auth.resetPasswordForEmail(email, {
      redirectTo: 'http://127.0.0.1:3000/reset',
    });
    expect(error).toBeNull();
    const mail = await latestEmail(email);
    expect(mail.Subject).toBe('Reset Your Password');
    const location = await follow(linkIn(mail));
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    const client = anon();
    await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect((await client.auth.updateUser({ password: 'recovered-pass-1' })).error).toBeNull();
    expect((await signIn(email, 'recovered-pass-1')).user.email).toBe(email);
  });

  it('answers the same {} for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await authFetch('/recover', { method: 'POST', body: JSON.stringify({ email }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await emailCount(email)).toBe(0);
  });
});

describe('email change', () => {
  it('needs both links (current and new address) with double_confirm_changes', async () => {
    const { email, password } = await confirmedUser('change');
    const next = uniqueEmail('changed');
    const client = anon();
    await client.auth.signInWithPassword({ email, password });
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: next });
    expect(data.user!.email_change_sent_at).toEqual(expect.any(String));

    const toOld = await latestEmail(email);
    const toNew = await latestEmail(next);
    expect(toOld.Subject).toBe('Confirm Email Change');
    const first = await follow(linkIn(toOld));
    expect(new URLSearchParams(first.hash.slice(1)).get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect((await client.auth.getUser()).data.user!.email).toBe(email);
    const second = await follow(linkIn(toNew));
    expect(new URLSearchParams(second.hash.slice(1)).get('type')).toBe('email_change');
    const { data: after } = await anon().auth.getUser(
      new URLSearchParams(second.hash.slice(1)).get('access_token')!,
    );
    expect(after.user!.email).toBe(next);
    expect(after.user!.new_email).toBeUndefined();
    expect(after.user!.identities![0]!.identity_data).toMatchObject({ email: next, email_verified: true });
    expect((await signIn(next, password)).user.email).toBe(next);
  });

  it('can be confirmed with the two emailed codes through verifyOtp', async () => {
    const { email, password } = await confirmedUser('changecode');
    const next = uniqueEmail('changedcode');
    const client = anon();
    await client.auth.signInWithPassword({ email, password });
    await client.auth.updateUser({ email: next });
    const oldCode = codeIn(await latestEmail(email));
    const newCode = codeIn(await latestEmail(next));
    const half = await authFetch('/verify', {
      method: 'POST',
      body: JSON.stringify({ type: 'email_change', email, token: oldCode }),
    });
    expect(half.status).toBe(200);
    expect(await half.json()).toEqual({
      msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
      code: '200',
    });
    const { data, error } = await anon().auth.verifyOtp({
      type: 'email_change',
      email: next,
      token: newCode,
    });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(next);
  });

  it('refuses an address another user has: email_exists 422', async () => {
    const a = await confirmedUser('owner');
    const b = await confirmedUser('taker');
    const client = anon();
    await client.auth.signInWithPassword({ email: b.email, password: b.password });
    const { error } = await client.auth.updateUser({ email: a.email });
    expect(error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('resend', () => {
  it('resends the signup confirmation, with a new code', async () => {
    const email = uniqueEmail('resend');
    await anon().auth.signUp({ email, password: 'password-123' });
    const firstCode = codeIn(await latestEmail(email));
    const { error } = await anon().auth.resend({ type: 'signup', email });
    expect(error).toBeNull();
    expect(await emailCount(email)).toBe(2);
    const secondCode = codeIn(await latestEmail(email));
    const stale = await anon().auth.verifyOtp({ email, token: firstCode, type: 'signup' });
    expect(stale.error).toMatchObject({ code: 'otp_expired' });
    const { data } = await anon().auth.verifyOtp({ email, token: secondCode, type: 'signup' });
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
  });

  it('an unknown type is validation_failed', async () => {
    const res = await authFetch('/resend', {
      method: 'POST',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ type: 'magic', email: uniqueEmail('x') }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'Missing one of these types: signup, email_change, sms, phone_change',
    });
  });
});

describe('PKCE', () => {
  it('signUp in PKCE mode: the link redirects with ?code= and exchangeCodeForSession answers the session', async () => {
    const email = uniqueEmail('pkce');
    const client = pkceClient();
    const { error } = await client.auth.signUp({
      email,
      password: 'password-123',
      options: { emailRedirectTo: 'http://127.0.0.1:3000/callback' },
    });
    expect(error).toBeNull();
    const link = linkIn(await latestEmail(email));
    expect(link.searchParams.get('token')).toMatch(/^pkce_[0-9a-f]{56}$/);
    const location = await follow(link);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:3000/callback');
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    expect(location.hash).toBe('');
    const flowId = location.searchParams.get('sb_flow_id');
    const { data, error: exchangeError } = await client.auth.exchangeCodeForSession(
      code,
      flowId ? { flowId } : undefined,
    );
    expect(exchangeError).toBeNull();
    expect(data.session!.user.email).toBe(email);
    expect(decodeJwt(data.session!.access_token).claims.amr).toEqual([
      { method: 'email/signup', timestamp: expect.any(Number) },
    ]);
    // The flow state is spent.
    const again = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({
      code: 'flow_state_not_found',
      message: 'invalid flow state, no valid flow state found',
    });
  });

  it('resetPasswordForEmail in PKCE mode: the recovery link carries ?code= for exchangeCodeForSession', async () => {
    const { email, id } = await confirmedUser('pkcerecover');
    const client = pkceClient();
    const { error } = await client.auth.resetPasswordForEmail(email, {
      redirectTo: 'http://127.0.0.1:3000/reset',
    });
    expect(error).toBeNull();
    const location = await follow(linkIn(await latestEmail(email)));
    const flowId = location.searchParams.get('sb_flow_id');
    const { data, error: exchangeError } = await client.auth.exchangeCodeForSession(
      location.searchParams.get('code')!,
      flowId ? { flowId } : undefined,
    );
    expect(exchangeError).toBeNull();
    expect(data.user!.id).toBe(id);
    expect(decodeJwt(data.session!.access_token).claims.amr).toEqual([
      { method: 'recovery', timestamp: expect.any(Number) },
    ]);
    expect((await client.auth.updateUser({ password: 'after-reset-9' })).error).toBeNull();
  });

  it('a wrong code verifier is bad_code_verifier 400', async () => {
    const { email } = await confirmedUser('pkcebad');
    const res = await authFetch('/otp', {
      method: 'POST',
      body: JSON.stringify({ email, code_challenge: 'a'.repeat(43), code_challenge_method: 's256' }),
    });
    expect(res.status).toBe(200);
    const location = await follow(linkIn(await latestEmail(email)));
    const code = location.searchParams.get('code')!;
    const exchange = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      headers: { 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'b'.repeat(43) }),
    });
    expect(exchange.status).toBe(400);
    expect(await exchange.json()).toEqual({
      code: 'bad_code_verifier',
      message: 'code challenge does not match previously saved code verifier',
    });
  });

  it('an expired PKCE link puts the error in the query as well as the fragment', async () => {
    const res = await fetch(
      `${env.apiUrl}/auth/v1/verify?token=pkce_deadbeef&type=magiclink&redirect_to=http://127.0.0.1:3000/cb`,
      {
        redirect: 'manual',
      },
    );
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.searchParams.get('error_code')).toBe('otp_expired');
    expect(location.searchParams.get('error_description')).toBe('Email link is invalid or has expired');
    expect(new URLSearchParams(location.hash.slice(1)).get('error')).toBe('access_denied');
  });
});
