/**
 * Rate limits and config switches, each on its own stack made from a copy of the fixture project with a
 * changed config.toml: low `[auth.rate_limit]` and `max_frequency`; then confirmations and signups off.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { startTestStack } from '../src/testing.ts';
import { uniqueEmail } from './auth-helpers.ts';

const fixture = fileURLToPath(new URL('./fixtures/project', import.meta.url));

/**
 * Copies the fixture project, rewrites `key = value` lines of its config.toml, appends `extra` TOML and
 * writes `files` (paths relative to the project).
 */
function projectWith(
  settings: Record<string, string>,
  extra = '',
  files: Record<string, string> = {},
): string {
  const dir = mkdtempSync(join(tmpdir(), 'auth-project-'));
  cpSync(fixture, dir, { recursive: true });
  const file = join(dir, 'supabase', 'config.toml');
  let text = readFileSync(file, 'utf8');
  for (const [key, value] of Object.entries(settings)) {
    const line = new RegExp(`^${key} = .*$`, 'm');
    if (!line.test(text)) throw new Error(`config.toml has no ${key}`);
    text = text.replace(line, `${key} = ${value}`);
  }
  writeFileSync(file, `${text}\n${extra}`);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

// A project's own email templates, as an app links emails to its server-side confirmation route.
const TEMPLATES_TOML = `
[auth.email.template.recovery]
subject = "Reset your {{ .SiteURL }} password"
content_path = "./supabase/templates/recovery.html"

[auth.email.template.magic_link]
subject = "{{ .Token }} is your code"
`;
// A custom access token hook in Postgres (the function is created once the stack is up).
const HOOK_TOML = `
[auth.hook.custom_access_token]
enabled = true
uri = "pg-functions://postgres/public/custom_access_token_hook"
`;
const HOOK_SQL = `
create function public.custom_access_token_hook(event jsonb) returns jsonb
language plpgsql stable as $$
begin
  if event -> 'claims' -> 'user_metadata' ->> 'blocked' = 'true' then
    return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'blocked by the hook'));
  end if;
  return jsonb_build_object('claims', event -> 'claims'
    || jsonb_build_object('user_role', 'member', 'auth_method', event ->> 'authentication_method'));
end;
$$;
grant execute on function public.custom_access_token_hook(jsonb) to supabase_auth_admin;
grant usage on schema public to supabase_auth_admin;
revoke execute on function public.custom_access_token_hook(jsonb) from public, anon, authenticated;
`;
const TEMPLATE_FILES = {
  'supabase/templates/recovery.html':
    '<h2>Hello {{ .Data.display_name }}</h2>\n<p><a href="{{ .SiteURL }}/auth/confirm?token_hash={{ .TokenHash }}&type=recovery&next=/account">Reset</a></p>\n<p>Code: {{ .Token }}</p>\n',
};

const clientOf = (stack: RunningStack) =>
  createClient(stack.apiUrl, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

describe('rate limits', () => {
  let stack: RunningStack;
  let workdir: string;
  beforeAll(async () => {
    workdir = projectWith({
      email_sent: '3',
      max_frequency: '"60s"',
      token_refresh: '4',
    });
    stack = await startTestStack({ workdir, skipMigrations: true });
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(workdir, { recursive: true, force: true });
  });

  it('max_frequency: a second email to one address within it is over_email_send_rate_limit 429', async () => {
    const email = uniqueEmail('freq');
    const client = clientOf(stack);
    expect((await client.auth.signUp({ email, password: 'password-123' })).error).toBeNull();
    const { error } = await client.auth.resend({ type: 'signup', email });
    expect(error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });
    expect(error!.message).toMatch(
      /^For security purposes, you can only request this after (59|60) seconds\.$/,
    );
  });

  it('email_sent: the hourly budget of the project runs out with over_email_send_rate_limit 429', async () => {
    const client = clientOf(stack);
    // One email was spent by the previous test; two more fit in the budget of three.
    for (let i = 0; i < 2; i++) {
      expect(
        (await client.auth.signUp({ email: uniqueEmail('budget'), password: 'password-123' })).error,
      ).toBeNull();
    }
    const email = uniqueEmail('over');
    const { error } = await client.auth.signUp({ email, password: 'password-123' });
    expect(error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    });
    // Nothing was created for the refused signup.
    const admin = createClient(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
    const { data } = await admin.auth.admin.listUsers();
    expect(data.users.map((u) => u.email)).not.toContain(email);
  });

  it('token_refresh: /token requests per IP over five minutes, then over_request_rate_limit 429', async () => {
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'password-123' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${stack.apiUrl}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: stack.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body,
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(await res.json()).toEqual({
          code: 'over_request_rate_limit',
          message: 'Request rate limit reached',
        });
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });
});

describe('confirmations off, anonymous sign-ins on, stricter passwords', () => {
  let stack: RunningStack;
  let workdir: string;
  beforeAll(async () => {
    workdir = projectWith(
      {
        enable_confirmations: 'false',
        enable_anonymous_sign_ins: 'true',
        secure_password_change: 'true',
        minimum_password_length: '8',
        password_requirements: '"lower_upper_letters_digits"',
      },
      TEMPLATES_TOML + HOOK_TOML,
      TEMPLATE_FILES,
    );
    stack = await startTestStack({ workdir, skipMigrations: true });
    const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
    await sql.unsafe(HOOK_SQL);
    await sql.end();
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(workdir, { recursive: true, force: true });
  });

  it('signUp answers a session right away, and a repeat is user_already_exists 422', async () => {
    const email = uniqueEmail('auto');
    const client = clientOf(stack);
    const { data, error } = await client.auth.signUp({ email, password: 'Password123' });
    expect(error).toBeNull();
    expect(data.session!.user.email_confirmed_at).toEqual(expect.any(String));
    expect(stack.inbox.list(email)).toHaveLength(0);
    const again = await client.auth.signUp({ email, password: 'Password123' });
    expect(again.error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });

  it('a sign-in with a password the rules now refuse still works, and says so in weak_password', async () => {
    const admin = createClient(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
    const email = uniqueEmail('weakin');
    // The admin API does not apply the password rules, as in GoTrue.
    expect(
      (await admin.auth.admin.createUser({ email, password: 'short1', email_confirm: true })).error,
    ).toBeNull();
    const { data, error } = await clientOf(stack).auth.signInWithPassword({ email, password: 'short1' });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    expect(data.weakPassword).toEqual({
      message: expect.stringMatching(/^Password should be at least 8 characters\./),
      reasons: ['length', 'characters'],
    });
  });

  it('password_requirements and minimum_password_length give both reasons', async () => {
    const { error } = await clientOf(stack).auth.signUp({ email: uniqueEmail('rules'), password: 'short' });
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length', 'characters'] });
    expect(error!.message).toBe(
      'Password should be at least 8 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
    );
  });

  it('signInAnonymously answers a session of an anonymous user', async () => {
    const { data, error } = await clientOf(stack).auth.signInAnonymously({
      options: { data: { guest: true } },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: '',
      is_anonymous: true,
      app_metadata: {},
      user_metadata: { guest: true },
    });
    expect(data.user!.identities).toEqual([]);
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      is_anonymous: true,
      role: 'authenticated',
      amr: [{ method: 'anonymous' }],
    });
  });

  it('secure_password_change: an old session needs the reauthentication code as nonce', async () => {
    const email = uniqueEmail('reauth');
    const client = clientOf(stack);
    const { data } = await client.auth.signUp({ email, password: 'Password123' });
    // A fresh session may change the password without a nonce.
    expect((await client.auth.updateUser({ password: 'Password456' })).error).toBeNull();
    const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`update auth.sessions set created_at = now() - interval '2 days' where user_id = ${data.user!.id}`;
    } finally {
      await sql.end();
    }
    const refused = await client.auth.updateUser({ password: 'Password789' });
    expect(refused.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = stack.inbox.list(email)[0]!;
    expect(mail.Subject).toBe('Confirm reauthentication');
    const nonce = /enter this code: (\d+)/.exec(mail.Text)![1]!;
    const wrong = await client.auth.updateUser({ password: 'Password789', nonce: '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect((await client.auth.updateUser({ password: 'Password789', nonce })).error).toBeNull();
    const reused = await client.auth.updateUser({ password: 'Password000', nonce });
    expect(reused.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
  });

  it("uses the project's email templates: subject and body with GoTrue's variables", async () => {
    const email = uniqueEmail('template');
    const client = clientOf(stack);
    await client.auth.signUp({
      email,
      password: 'Password123',
      options: { data: { display_name: 'Kim <3' } },
    });
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = stack.inbox.list(email)[0]!;
    expect(mail.Subject).toBe('Reset your http://127.0.0.1:3000 password');
    expect(mail.HTML).toContain('<h2>Hello Kim &#60;3</h2>');
    const hash = /token_hash=([0-9a-f]+)&type=recovery/.exec(mail.HTML)![1]!;
    expect(mail.HTML).toContain(
      `href="http://127.0.0.1:3000/auth/confirm?token_hash=${hash}&type=recovery&next=/account"`,
    );
    expect(mail.Text).toContain(`Reset (http://127.0.0.1:3000/auth/confirm?token_hash=${hash}`);
    // The app's confirmation route verifies the hash on the server, as supabase-js verifyOtp does.
    const { data, error } = await clientOf(stack).auth.verifyOtp({ token_hash: hash, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);

    await client.auth.signInWithOtp({ email });
    const magic = stack.inbox.list(email)[0]!;
    expect(magic.Subject).toMatch(/^\d{6} is your code$/);
    expect(magic.Text).toContain('/auth/v1/verify?token=');
  });

  it('the custom access token hook shapes the claims, on sign-in and on refresh', async () => {
    const client = clientOf(stack);
    const { data } = await client.auth.signUp({ email: uniqueEmail('hook'), password: 'Password123' });
    const claims = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString());
    expect(claims(data.session!.access_token)).toMatchObject({
      user_role: 'member',
      auth_method: 'password',
    });
    const refreshed = await client.auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(claims(refreshed.data.session!.access_token)).toMatchObject({ auth_method: 'token_refresh' });

    const email = uniqueEmail('hooked');
    const blocked = await client.auth.signUp({
      email,
      password: 'Password123',
      options: { data: { blocked: 'true' } },
    });
    expect(blocked.error).toMatchObject({ status: 403, message: 'blocked by the hook' });
    // The refusal rolled the sign-up back.
    const admin = createClient(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
    const { data: list } = await admin.auth.admin.listUsers({ perPage: 1000 });
    expect(list.users.map((u) => u.email)).not.toContain(email);
  });

  it('/settings reports mailer_autoconfirm', async () => {
    const res = await fetch(`${stack.apiUrl}/auth/v1/settings`, { headers: { apikey: stack.anonKey } });
    expect(((await res.json()) as { mailer_autoconfirm: boolean }).mailer_autoconfirm).toBe(true);
  });
});

describe('signups switched off', () => {
  let stack: RunningStack;
  let workdir: string;
  beforeAll(async () => {
    workdir = projectWith({ enable_signup: 'false' });
    stack = await startTestStack({ workdir, skipMigrations: true });
  });
  afterAll(async () => {
    await stack?.stop();
    rmSync(workdir, { recursive: true, force: true });
  });

  it('signUp is signup_disabled 422 and an OTP for a new address is otp_disabled 422', async () => {
    const client = clientOf(stack);
    const signup = await client.auth.signUp({ email: uniqueEmail('closed'), password: 'password-123' });
    expect(signup.error).toMatchObject({
      status: 422,
      code: 'signup_disabled',
      message: 'Signups not allowed for this instance',
    });
    const otp = await client.auth.signInWithOtp({ email: uniqueEmail('closed') });
    expect(otp.error).toMatchObject({ status: 422, code: 'otp_disabled' });
  });

  it('the admin API still creates users, who can sign in', async () => {
    const admin = createClient(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
    const email = uniqueEmail('admin-made');
    const created = await admin.auth.admin.createUser({
      email,
      password: 'password-123',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    const { error } = await clientOf(stack).auth.signInWithPassword({ email, password: 'password-123' });
    expect(error).toBeNull();
    const settings = await fetch(`${stack.apiUrl}/auth/v1/settings`, { headers: { apikey: stack.anonKey } });
    expect(((await settings.json()) as { disable_signup: boolean }).disable_signup).toBe(true);
  });
});
