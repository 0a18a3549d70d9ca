/** The admin API through supabase-js `auth.admin`: users CRUD, pagination headers, bans, links, invites. */
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import {
  admin,
  anon,
  authFetch,
  confirmedUser,
  env,
  latestEmail,
  linkIn,
  signIn,
  uniqueEmail,
} from './auth-helpers.ts';

const sql = postgres(env.dbUrl, { max: 1, onnotice: () => {} });
afterAll(() => sql.end());

const asService = { authorization: `Bearer ${env.serviceRoleKey}`, apikey: env.serviceRoleKey };

describe('admin users', () => {
  it('createUser with email_confirm, metadata and password: the user can sign in', async () => {
    const email = uniqueEmail('admin-create');
    const { data, error } = await admin().auth.admin.createUser({
      email,
      password: 'password-123',
      email_confirm: true,
      user_metadata: { name: 'Lin' },
      app_metadata: { tier: 'gold' },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { name: 'Lin' },
      app_metadata: { provider: 'email', providers: ['email'], tier: 'gold' },
    });
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String));
    expect((await signIn(email, 'password-123')).user.app_metadata.tier).toBe('gold');
    const profile = await sql`select email from public.profiles where id = ${data.user!.id}`;
    expect(profile).toEqual([{ email }]);
  });

  it('createUser with a phone keeps it in E.164 digits with a phone identity', async () => {
    const phone = `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const { data, error } = await admin().auth.admin.createUser({ phone, phone_confirm: true });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      email: '',
      phone: phone.slice(1),
      app_metadata: { provider: 'phone', providers: ['phone'] },
    });
    expect(data.user!.phone_confirmed_at).toEqual(expect.any(String));
    expect(data.user!.identities![0]).toMatchObject({
      provider: 'phone',
      identity_data: { phone: phone.slice(1) },
    });
    const again = await admin().auth.admin.createUser({ phone });
    expect(again.error).toMatchObject({ status: 422, code: 'phone_exists' });
    const bad = await admin().auth.admin.createUser({ phone: '12-34' });
    expect(bad.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid phone number format (E.164 required)',
    });
  });

  it('createUser of a taken address is email_exists 422', async () => {
    const { email } = await confirmedUser('taken');
    const { error } = await admin().auth.admin.createUser({ email, password: 'password-123' });
    expect(error).toMatchObject({
      status: 422,
      code: 'email_exists',
      message: 'A user with this email address has already been registered',
    });
  });

  it('getUserById, and user_not_found 404 for an unknown id', async () => {
    const { id, email } = await confirmedUser('getone');
    const { data } = await admin().auth.admin.getUserById(id);
    expect(data.user).toMatchObject({ id, email });
    const missing = await admin().auth.admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
  });

  it('listUsers pages with X-Total-Count and Link headers as GoTrue', async () => {
    const first = await confirmedUser('list');
    const second = await confirmedUser('list');
    const res = await authFetch('/admin/users?page=2&per_page=1', { headers: asService });
    expect(res.status).toBe(200);
    const total = Number(res.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(2);
    expect(res.headers.get('link')).toBe(
      `${total > 2 ? '</admin/users?page=3&per_page=1>; rel="next", ' : ''}</admin/users?page=${total}&per_page=1>; rel="last"`,
    );
    const body = (await res.json()) as { users: unknown[]; aud: string };
    expect(body.aud).toBe('authenticated');
    expect(body.users).toHaveLength(1);

    // supabase-js reads one digit of each Link page number (as against hosted): keep the page count small.
    const perPage = Math.max(2, Math.ceil(total / 3));
    const { data, error } = await admin().auth.admin.listUsers({ page: 1, perPage });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(Math.min(perPage, total));
    const pages = data as typeof data & { total: number; lastPage: number; nextPage?: number };
    expect(pages.total).toBe(total);
    expect(pages.lastPage).toBe(Math.ceil(total / perPage));
    expect(pages.nextPage).toBe(2);
    // Newest first: the second user made above comes before the first.
    const all = (await (await authFetch('/admin/users?per_page=1000', { headers: asService })).json()) as {
      users: { id: string }[];
    };
    const ids = all.users.map((u) => u.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it('a page that is not a number is validation_failed', async () => {
    const res = await authFetch('/admin/users?page=two', {
      headers: { ...asService, 'x-supabase-api-version': '2024-01-01' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_failed',
      message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "two": invalid syntax',
    });
  });

  it('updateUserById changes metadata, email and password; ban_duration bans and "none" lifts it', async () => {
    const { id, email } = await confirmedUser('upd');
    const next = uniqueEmail('upd-new');
    const { data, error } = await admin().auth.admin.updateUserById(id, {
      email: next,
      password: 'another-pass-2',
      user_metadata: { theme: 'dark' },
      app_metadata: { role_hint: 'editor' },
      email_confirm: true,
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, email: next, user_metadata: { theme: 'dark' } });
    expect(data.user!.app_metadata).toMatchObject({ provider: 'email', role_hint: 'editor' });
    expect((await anon().auth.signInWithPassword({ email, password: 'password-123' })).error?.code).toBe(
      'invalid_credentials',
    );
    const session = await signIn(next, 'another-pass-2');

    const banned = await admin().auth.admin.updateUserById(id, { ban_duration: '24h' });
    expect(Date.parse(banned.data.user!.banned_until!)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const refused = await anon().auth.signInWithPassword({ email: next, password: 'another-pass-2' });
    expect(refused.error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' });
    const refresh = await anon().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: 'user_banned' });
    const lifted = await admin().auth.admin.updateUserById(id, { ban_duration: 'none' });
    expect(lifted.data.user!.banned_until).toBeUndefined();
    expect(
      (await anon().auth.signInWithPassword({ email: next, password: 'another-pass-2' })).error,
    ).toBeNull();

    const bad = await admin().auth.admin.updateUserById(id, { ban_duration: 'forever' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('deleteUser removes the user (and the profile by cascade)', async () => {
    const { id } = await confirmedUser('del');
    const { error } = await admin().auth.admin.deleteUser(id);
    expect(error).toBeNull();
    expect((await admin().auth.admin.getUserById(id)).error?.code).toBe('user_not_found');
    expect(await sql`select 1 from public.profiles where id = ${id}`).toHaveLength(0);
  });

  it('a soft delete keeps the row with deleted_at, frees the address and ends sessions', async () => {
    const { id, email, password } = await confirmedUser('soft');
    const s = await signIn(email, password);
    const { error } = await admin().auth.admin.deleteUser(id, true);
    expect(error).toBeNull();
    const [row] = await sql`select email, deleted_at from auth.users where id = ${id}`;
    expect(row!.email).toBeNull();
    expect(row!.deleted_at).toBeInstanceOf(Date);
    const after = await authFetch('/user', { headers: { authorization: `Bearer ${s.access_token}` } });
    expect(after.status).toBe(403);
    expect((await admin().auth.admin.createUser({ email, password })).error).toBeNull();
  });
});

describe('generateLink and invites', () => {
  it('generateLink magiclink answers the link, code and hashed token; the link signs in', async () => {
    const { email, id } = await confirmedUser('genlink');
    const { data, error } = await admin().auth.admin.generateLink({
      type: 'magiclink',
      email,
      options: { redirectTo: 'http://127.0.0.1:3000/in' },
    });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(id);
    expect(data.properties).toMatchObject({
      email_otp: expect.stringMatching(/^\d{6}$/),
      hashed_token: expect.stringMatching(/^[0-9a-f]{56}$/),
      verification_type: 'magiclink',
      redirect_to: 'http://127.0.0.1:3000/in',
    });
    const link = new URL(data.properties!.action_link);
    expect(link.searchParams.get('token')).toBe(data.properties!.hashed_token);
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:3000\/in#access_token=/);
  });

  it('generateLink signup creates an unconfirmed user without emailing; recovery of an unknown address is 404', async () => {
    const email = uniqueEmail('gensignup');
    const { data, error } = await admin().auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'password-123',
    });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeUndefined();
    const verified = await anon().auth.verifyOtp({
      email,
      token: data.properties!.email_otp,
      type: 'signup',
    });
    expect(verified.error).toBeNull();
    const missing = await admin().auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(missing.error).toMatchObject({
      status: 404,
      code: 'user_not_found',
      message: 'User with this email not found',
    });
  });

  it('generateLink email_change_new sets the pending address', async () => {
    const { email } = await confirmedUser('genchange');
    const next = uniqueEmail('genchanged');
    const { data, error } = await admin().auth.admin.generateLink({
      type: 'email_change_new',
      email,
      newEmail: next,
    });
    expect(error).toBeNull();
    expect(data.user!.new_email).toBe(next);
    expect(data.properties!.verification_type).toBe('email_change_new');
    expect(new URL(data.properties!.action_link).searchParams.get('type')).toBe('email_change');
  });

  it('inviteUserByEmail creates the user and emails an invite whose link signs in', async () => {
    const email = uniqueEmail('invite');
    const { data, error } = await admin().auth.admin.inviteUserByEmail(email, {
      data: { invited_by: 'tests' },
      redirectTo: 'http://127.0.0.1:3000/join',
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { invited_by: 'tests' } });
    expect(data.user!.invited_at).toEqual(expect.any(String));
    const mail = await latestEmail(email);
    expect(mail.Subject).toBe('You have been invited');
    const link = linkIn(mail);
    expect(link.searchParams.get('type')).toBe('invite');
    const res = await fetch(link, { redirect: 'manual' });
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://127.0.0.1:3000/join');
    expect(new URLSearchParams(location.hash.slice(1)).get('type')).toBe('invite');
    const again = await admin().auth.admin.inviteUserByEmail(email);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
  });
});

describe('admin authorization', () => {
  it('refuses a user token (not_admin 403) and the anon key (not_admin 403)', async () => {
    const { email, password } = await confirmedUser('notadmin');
    const s = await signIn(email, password);
    for (const token of [s.access_token, env.anonKey]) {
      const res = await authFetch('/admin/users', {
        headers: { authorization: `Bearer ${token}`, 'x-supabase-api-version': '2024-01-01' },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
    }
  });

  it('accepts the secret key (mapped to service_role by the gateway)', async () => {
    const res = await fetch(`${env.apiUrl}/auth/v1/admin/users?per_page=1`, {
      headers: { apikey: env.secretKey },
    });
    expect(res.status).toBe(200);
  });
});
