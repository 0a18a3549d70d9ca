/**
 * MFA with TOTP as GoTrue does it, through supabase-js: enroll (secret, otpauth URI, SVG QR code),
 * challenge, verify with RFC 6238 codes, aal2 and `amr` in the tokens, unenroll, the admin factor API, and
 * the `[auth.mfa]` switches with GoTrue's errors. Factors live in auth.mfa_factors and auth.mfa_challenges.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode, verifyTotp } from '../src/auth/totp.ts';
import { authFetch, decodeJwt, signIn as lanesSignIn, confirmedUser as lanesUser } from './auth-helpers.ts';
import { type Project, startProject } from './helpers/project.ts';

const config = `
[auth.mfa]
max_enrolled_factors = 3
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
`;

let project: Project;
let sql: postgres.Sql;
beforeAll(async () => {
  project = await startProject(config);
  sql = postgres(project.stack.dbUrl, { max: 1, onnotice: () => {} });
}, 120_000);
afterAll(async () => {
  await sql?.end();
  await project?.stop();
});

const options = { auth: { persistSession: false, autoRefreshToken: false } };
let counter = 0;
/** A new confirmed user of the project, signed in on a client of its own. */
async function signedIn(): Promise<{ client: SupabaseClient; email: string; id: string }> {
  const email = `mfa-${Date.now()}-${counter++}@example.test`;
  const admin = createClient(project.stack.apiUrl, project.stack.serviceRoleKey, options);
  const { data } = await admin.auth.admin.createUser({
    email,
    password: 'password-123',
    email_confirm: true,
  });
  const client = createClient(project.stack.apiUrl, project.stack.anonKey, options);
  const { error } = await client.auth.signInWithPassword({ email, password: 'password-123' });
  if (error) throw error;
  return { client, email, id: data.user!.id };
}

/** Enrolls a TOTP factor and verifies it: the client's session becomes aal2. */
async function withVerifiedFactor() {
  const user = await signedIn();
  const { data: enrolled } = await user.client.auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: 'phone app',
  });
  const { data: challenge } = await user.client.auth.mfa.challenge({ factorId: enrolled!.id });
  const verified = await user.client.auth.mfa.verify({
    factorId: enrolled!.id,
    challengeId: challenge!.id,
    code: totpCode(enrolled!.totp.secret),
  });
  if (verified.error) throw verified.error;
  return { ...user, factorId: enrolled!.id, secret: enrolled!.totp.secret };
}

describe('RFC 6238 codes', () => {
  it('match the RFC test vectors (SHA-1, last 6 digits) and accept one step of skew', () => {
    // The RFC's secret "12345678901234567890" in base32.
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpCode(secret, 59_000)).toBe('287082');
    expect(totpCode(secret, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(secret, 20_000_000_000_000)).toBe('353130');
    expect(verifyTotp('081804', secret, 1_111_111_109_000 + 30_000)).toBe(true);
    expect(verifyTotp('081804', secret, 1_111_111_109_000 + 60_000)).toBe(false);
    expect(verifyTotp('08180', secret, 1_111_111_109_000)).toBe(false);
  });
});

describe('TOTP enrollment', () => {
  it('answers a secret, its otpauth URI and a QR code, and stores an unverified factor', async () => {
    const { client, email, id } = await signedIn();
    const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'laptop' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'laptop' });
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(data!.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/127.0.0.1:3000:${email}`);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      algorithm: 'SHA1',
      digits: '6',
      issuer: '127.0.0.1:3000',
      period: '30',
      secret: data!.totp.secret,
    });
    // auth-js makes GoTrue's SVG markup a data URL.
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>$/);
    const rows =
      await sql`select factor_type::text, status::text, secret from auth.mfa_factors where user_id = ${id}`;
    expect(rows).toEqual([{ factor_type: 'totp', status: 'unverified', secret: data!.totp.secret }]);
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors!.all.map((f) => [f.id, f.status])).toEqual([[data!.id, 'unverified']]);
    expect(factors!.totp).toEqual([]);
    const { data: aal } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('refuses a second factor of the same name and more factors than max_enrolled_factors', async () => {
    const { client } = await signedIn();
    await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'one' });
    const same = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'one' });
    expect(same.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
    expect(same.error?.message).toBe('A factor with the friendly name "one" for this user already exists');
    await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'two' });
    await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'three' });
    const fourth = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'four' });
    expect(fourth.error).toMatchObject({ status: 422, code: 'too_many_enrolled_mfa_factors' });
  });

  it("answers GoTrue's errors for factor types that are off or unknown", async () => {
    const { client } = await signedIn();
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
    expect(phone.error?.message).toBe('MFA enroll is disabled for Phone');
    const webauthn = await client.auth.mfa.enroll({ factorType: 'webauthn' as 'totp' });
    expect(webauthn.error).toMatchObject({ status: 422, code: 'mfa_webauthn_enroll_not_enabled' });
    const res = await fetch(`${project.stack.apiUrl}/auth/v1/factors`, {
      method: 'POST',
      headers: {
        apikey: project.stack.anonKey,
        authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}`,
      },
      body: JSON.stringify({ factor_type: 'sms' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error_code: 'validation_failed',
      msg: 'factor_type needs to be totp, phone, or webauthn',
    });
  });

  it('is off in a project whose [auth.mfa.totp] is off, as in the CLI template (Lanes)', async () => {
    const { email, password } = await lanesUser('mfa-off');
    const session = await lanesSignIn(email, password);
    const res = await authFetch('/factors', {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}`, 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ factor_type: 'totp' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'mfa_totp_enroll_not_enabled',
      message: 'MFA enroll is disabled for TOTP',
    });
  });
});

describe('challenge and verify', () => {
  it('refuses a wrong code, then a right one makes the factor verified and the session aal2 with amr totp', async () => {
    const { client, id } = await signedIn();
    const { data: enrolled } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { data: challenge, error } = await client.auth.mfa.challenge({ factorId: enrolled!.id });
    expect(error).toBeNull();
    expect(challenge!.type).toBe('totp');
    expect(challenge!.expires_at).toBeGreaterThan(Date.now() / 1000 + 290);
    const wrongCode = totpCode(enrolled!.totp.secret, Date.now() + 10 * 60_000);
    const wrong = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code: wrongCode,
    });
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    const right = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code: totpCode(enrolled!.totp.secret),
    });
    expect(right.error).toBeNull();
    const { claims } = decodeJwt(right.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((c) => c.method)).toEqual(['totp', 'password']);
    const { data: aal } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data: factors } = await client.auth.mfa.listFactors();
    expect(factors!.totp.map((f) => f.id)).toEqual([enrolled!.id]);
    const [session] = await sql`select aal::text, factor_id from auth.sessions where user_id = ${id}`;
    expect(session).toEqual({ aal: 'aal2', factor_id: enrolled!.id });
    // The challenge is spent.
    const again = await client.auth.mfa.verify({
      factorId: enrolled!.id,
      challengeId: challenge!.id,
      code: totpCode(enrolled!.totp.secret),
    });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
    // A refreshed token keeps aal2.
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).claims.aal).toBe('aal2');
  });

  it('asks a new sign-in for aal2, which challengeAndVerify gives', async () => {
    const { email, secret, factorId } = await withVerifiedFactor();
    const later = createClient(project.stack.apiUrl, project.stack.anonKey, options);
    await later.auth.signInWithPassword({ email, password: 'password-123' });
    const { data: before } = await later.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const { error } = await later.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) });
    expect(error).toBeNull();
    const { data: after } = await later.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
  });

  it("answers 404 for a factor that is not the caller's, and for an unknown challenge", async () => {
    const { factorId } = await withVerifiedFactor();
    const { client } = await signedIn();
    const other = await client.auth.mfa.challenge({ factorId });
    expect(other.error).toMatchObject({
      status: 404,
      code: 'mfa_factor_not_found',
      message: 'Factor not found',
    });
    const { data: own } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const unknown = await client.auth.mfa.verify({
      factorId: own!.id,
      challengeId: '00000000-0000-4000-8000-000000000000',
      code: '123456',
    });
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
  });
});

describe('unenroll', () => {
  it('needs aal2 for a verified factor, then drops it and the session back to aal1', async () => {
    const { client, email, factorId, id } = await withVerifiedFactor();
    const aal1 = createClient(project.stack.apiUrl, project.stack.anonKey, options);
    await aal1.auth.signInWithPassword({ email, password: 'password-123' });
    const refused = await aal1.auth.mfa.unenroll({ factorId });
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });
    const { data, error } = await client.auth.mfa.unenroll({ factorId });
    expect(error).toBeNull();
    expect(data).toEqual({ id: factorId });
    expect(await sql`select id from auth.mfa_factors where user_id = ${id}`).toEqual([]);
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).claims.aal).toBe('aal1');
  });

  it("lets the admin API list and delete a user's factors", async () => {
    const { id, factorId } = await withVerifiedFactor();
    const admin = createClient(project.stack.apiUrl, project.stack.serviceRoleKey, options);
    const { data: listed } = await admin.auth.admin.mfa.listFactors({ userId: id });
    expect(listed!.factors.map((f) => [f.id, f.status, f.friendly_name])).toEqual([
      [factorId, 'verified', 'phone app'],
    ]);
    const { data: deleted, error } = await admin.auth.admin.mfa.deleteFactor({ userId: id, id: factorId });
    expect(error).toBeNull();
    // auth-js hands GoTrue's answer (the deleted factor) over as `data`.
    expect(deleted).toMatchObject({ data: { id: factorId, status: 'verified' } });
    expect((await admin.auth.admin.mfa.listFactors({ userId: id })).data!.factors).toEqual([]);
    const missing = await admin.auth.admin.mfa.listFactors({
      userId: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
  });
});
