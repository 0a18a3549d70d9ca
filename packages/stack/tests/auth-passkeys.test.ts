/**
 * Passkeys on a project that turns them on (`[auth.passkey]` with `[auth.webauthn]`'s relying party):
 * registration and sign-in ceremonies driven through supabase-js with a software authenticator, the user's
 * and the admin's passkey lists, and GoTrue's refusals (unknown, expired or replayed challenge, wrong origin,
 * a challenge the server did not issue, unknown credential, no session, no admin) — each leaving nothing
 * behind.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Authenticator } from './helpers/authenticator.ts';
import { type Project, startProject } from './helpers/project.ts';

const ORIGIN = 'http://localhost:5173';
const config = `
[auth]
site_url = "${ORIGIN}"
[auth.passkey]
enabled = true
[auth.webauthn]
rp_display_name = "Lanes tests"
rp_id = "localhost"
rp_origins = ["${ORIGIN}"]
`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let project: Project;
beforeAll(async () => {
  project = await startProject(config);
}, 120_000);
afterAll(() => project?.stop());

const client = (key = project.stack.anonKey): SupabaseClient =>
  createClient(project.stack.apiUrl, key, { auth: { autoRefreshToken: false, detectSessionInUrl: false } });
const admin = () => client(project.stack.serviceRoleKey);
// biome-ignore lint/suspicious/noExplicitAny: the authenticator's JSON is what a browser hands over
const asCredential = (c: unknown) => c as any;

/** A signed-up user with a session, and a client holding it. */
async function signedUp() {
  const owner = client();
  const email = `pk-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const { data, error } = await owner.auth.signUp({ email, password: 'password-123' });
  expect(error).toBeNull();
  return { owner, userId: data.user!.id };
}

/** Registers a passkey of `authenticator` for the user of `owner`; answers its id. */
async function register(owner: SupabaseClient, authenticator: Authenticator): Promise<string> {
  const { data: options, error } = await owner.auth.passkey.startRegistration();
  expect(error).toBeNull();
  const { data, error: verifyError } = await owner.auth.passkey.verifyRegistration({
    challengeId: options!.challenge_id,
    credential: asCredential(authenticator.create(options!.options)),
  });
  expect(verifyError).toBeNull();
  return data!.id;
}

async function signInWith(authenticator: Authenticator, lie: { origin?: string; challenge?: string } = {}) {
  const c = client();
  const { data: options, error } = await c.auth.passkey.startAuthentication();
  expect(error).toBeNull();
  const result = await c.auth.passkey.verifyAuthentication({
    challengeId: options!.challenge_id,
    credential: asCredential(authenticator.get(options!.options, lie)),
  });
  return { client: c, ...result };
}

describe('passkeys turned on', () => {
  it('settings say so', async () => {
    const res = await fetch(`${project.stack.apiUrl}/auth/v1/settings`, {
      headers: { apikey: project.stack.anonKey },
    });
    expect(((await res.json()) as { passkeys_enabled: boolean }).passkeys_enabled).toBe(true);
  });

  it('registers a passkey, signs in with it, and records the use', async () => {
    const { owner, userId } = await signedUp();
    const authenticator = new Authenticator();
    const { data: options, error } = await owner.auth.passkey.startRegistration();
    expect(error).toBeNull();
    expect(options!.challenge_id).toMatch(UUID);
    expect(options!.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(options!.options.rp).toEqual({ id: 'localhost', name: 'Lanes tests' });
    expect(Buffer.from(options!.options.user.id, 'base64url').toString()).toBe(userId);
    expect(options!.options.authenticatorSelection?.residentKey).toBe('required');
    expect(options!.options.pubKeyCredParams).toContainEqual({ alg: -7, type: 'public-key' });

    const { data: created, error: createError } = await owner.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: asCredential(authenticator.create(options!.options)),
    });
    expect(createError).toBeNull();
    expect(created).toMatchObject({ id: expect.stringMatching(UUID), friendly_name: 'Passkey' });

    const signIn = await signInWith(authenticator);
    expect(signIn.error).toBeNull();
    expect(signIn.data!.user!.id).toBe(userId);
    const { data: me } = await signIn.client.auth.getUser();
    expect(me.user?.id).toBe(userId);
    const amr = JSON.parse(
      Buffer.from(signIn.data!.session!.access_token.split('.')[1]!, 'base64url').toString(),
    ).amr;
    expect(amr[0].method).toBe('passkey');

    const { data: listed } = await owner.auth.passkey.list();
    expect(listed).toEqual([expect.objectContaining({ id: created!.id, last_used_at: expect.any(String) })]);
  });

  it('refuses an unknown, malformed or replayed challenge', async () => {
    const { owner } = await signedUp();
    const authenticator = new Authenticator();
    const { data: options } = await owner.auth.passkey.startRegistration();
    const credential = asCredential(authenticator.create(options!.options));
    const unknown = await owner.auth.passkey.verifyRegistration({
      challengeId: '00000000-0000-0000-0000-000000000000',
      credential,
    });
    expect(unknown.error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
    const malformed = await owner.auth.passkey.verifyRegistration({ challengeId: 'nope', credential });
    expect(malformed.error).toMatchObject({
      code: 'validation_failed',
      message: 'challenge_id must be a valid UUID',
    });

    const first = await owner.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential,
    });
    expect(first.error).toBeNull();
    const again = await owner.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential,
    });
    expect(again.error).toMatchObject({ code: 'webauthn_challenge_not_found' });

    const signedIn = await signInWith(authenticator);
    expect(signedIn.error).toBeNull();
  });

  it('refuses an expired challenge, and a verify without a credential', async () => {
    const { owner } = await signedUp();
    const authenticator = new Authenticator();
    const { data: options } = await owner.auth.passkey.startRegistration();
    const noCredential = await owner.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: asCredential(undefined),
    });
    expect(noCredential.error).toMatchObject({ status: 400, message: 'credential is required' });
    const sql = postgres(project.stack.dbUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`update auth.webauthn_challenges set expires_at = now() - interval '1 second'
        where id = ${options!.challenge_id}`;
    } finally {
      await sql.end();
    }
    const expired = await owner.auth.passkey.verifyRegistration({
      challengeId: options!.challenge_id,
      credential: asCredential(authenticator.create(options!.options)),
    });
    expect(expired.error).toMatchObject({ status: 400, code: 'webauthn_challenge_expired' });
    expect((await owner.auth.passkey.list()).data).toEqual([]);
  });

  it('refuses a wrong origin or a challenge it did not issue, and stores nothing', async () => {
    const { owner } = await signedUp();
    const authenticator = new Authenticator();
    for (const lie of [
      { origin: 'https://evil.example' },
      { challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy' },
    ]) {
      const { data: options } = await owner.auth.passkey.startRegistration();
      const { data, error } = await owner.auth.passkey.verifyRegistration({
        challengeId: options!.challenge_id,
        credential: asCredential(authenticator.create(options!.options, lie)),
      });
      expect(data).toBeNull();
      expect(error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
    }
    expect((await owner.auth.passkey.list()).data).toEqual([]);

    await register(owner, authenticator);
    for (const lie of [
      { origin: 'https://evil.example' },
      { challenge: 'bm90LWlzc3VlZC1ieS10aGUtc2VydmVy' },
    ]) {
      const { data, error } = await signInWith(authenticator, lie);
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: 'webauthn_verification_failed' });
    }
    expect((await owner.auth.passkey.list()).data![0]!.last_used_at).toBeUndefined();
  });

  it('refuses a credential it does not know', async () => {
    const { owner } = await signedUp();
    await register(owner, new Authenticator());
    const stranger = new Authenticator();
    // Bound to the user's handle but never registered.
    const { data: options } = await owner.auth.passkey.startRegistration();
    stranger.create(options!.options);
    const { data, error } = await signInWith(stranger);
    expect(data).toBeNull();
    expect(error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });
  });

  it('needs a session to register', async () => {
    const { data, error } = await client().auth.passkey.startRegistration();
    expect(data).toBeNull();
    expect(error?.name).toBe('AuthSessionMissingError');
    const res = await fetch(`${project.stack.apiUrl}/auth/v1/passkeys/registration/options`, {
      method: 'POST',
      headers: { apikey: project.stack.anonKey, 'x-supabase-api-version': '2024-01-01' },
    });
    // The gateway hands the anon key on as the bearer: a token without a user.
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('bad_jwt');
  });

  it('renames and deletes a passkey; a deleted one no longer signs in', async () => {
    const { owner } = await signedUp();
    const authenticator = new Authenticator();
    const id = await register(owner, authenticator);
    const renamed = await owner.auth.passkey.update({ passkeyId: id, friendlyName: 'Laptop' });
    expect(renamed.data).toMatchObject({ id, friendly_name: 'Laptop' });
    const empty = await owner.auth.passkey.update({ passkeyId: id, friendlyName: '' });
    expect(empty.error).toMatchObject({ status: 400, message: 'friendly_name is required' });
    const missing = await owner.auth.passkey.update({
      passkeyId: '00000000-0000-0000-0000-000000000000',
      friendlyName: 'x',
    });
    expect(missing.error).toMatchObject({ status: 404, message: 'Passkey not found' });
    expect((await owner.auth.passkey.list()).data![0]!.friendly_name).toBe('Laptop');

    expect((await owner.auth.passkey.delete({ passkeyId: id })).error).toBeNull();
    expect((await owner.auth.passkey.list()).data).toEqual([]);
    const { error } = await signInWith(authenticator);
    expect(error).toMatchObject({ code: 'webauthn_verification_failed' });
  });

  it('lets the admin list and delete a user’s passkeys, and nobody else', async () => {
    const { owner, userId } = await signedUp();
    const kept = await register(owner, new Authenticator());
    const dropped = await register(owner, new Authenticator());
    const listed = await admin().auth.admin.passkey.listPasskeys({ userId });
    expect(listed.data!.map((p) => p.id).sort()).toEqual([kept, dropped].sort());

    const notAdmin = await client().auth.admin.passkey.listPasskeys({ userId });
    expect(notAdmin.error).toMatchObject({ status: 403, code: 'not_admin' });
    const notAdminDelete = await client().auth.admin.passkey.deletePasskey({ userId, passkeyId: kept });
    expect(notAdminDelete.error).toMatchObject({ code: 'not_admin' });

    expect((await admin().auth.admin.passkey.deletePasskey({ userId, passkeyId: dropped })).error).toBeNull();
    const after = await admin().auth.admin.passkey.listPasskeys({ userId });
    expect(after.data!.map((p) => p.id)).toEqual([kept]);
  });
});
