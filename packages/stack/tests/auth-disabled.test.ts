/**
 * What the stack does not emulate answers as GoTrue does with the feature off — SAML SSO, passkeys, the
 * OAuth 2.1 server, custom providers, SCIM, manual linking, Web3 and id_token sign-ins — and the start-up
 * notice names each such feature a project's config.toml turns on, by the CLI's own keys.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { admin, anon, authFetch, confirmedUser, env, signIn } from './auth-helpers.ts';

/** A GoTrue error in the 2024-01-01 shape supabase-js asks for. */
async function refusal(
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'x-supabase-api-version': '2024-01-01', ...init.headers };
  const res = await authFetch(path, { ...init, headers });
  return { status: res.status, body: await res.json() };
}
const asAdmin = { authorization: `Bearer ${env.serviceRoleKey}` };

describe('features that are off', () => {
  it('SAML SSO: 404 saml_provider_disabled, for sign-in and the admin API alike', async () => {
    const { error } = await anon().auth.signInWithSSO({ domain: 'example.com' });
    expect(error).toMatchObject({
      status: 404,
      code: 'saml_provider_disabled',
      message: 'SAML 2.0 is disabled',
    });
    expect(await refusal('/sso/saml/metadata')).toEqual({
      status: 404,
      body: { code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' },
    });
    expect((await refusal('/admin/sso/providers', { headers: asAdmin })).body.code).toBe(
      'saml_provider_disabled',
    );
    // The admin check comes first, as in GoTrue: the anon key is no admin.
    expect((await refusal('/admin/sso/providers')).body.code).toBe('not_admin');
  });

  it('passkeys: 404 passkey_disabled', async () => {
    const res = await refusal('/passkeys/registration/options', { method: 'POST', body: '{}' });
    expect(res).toEqual({
      status: 404,
      body: { code: 'passkey_disabled', message: 'Passkeys are disabled' },
    });
  });

  it('the OAuth 2.1 server and custom providers: 404 feature_disabled', async () => {
    const { error } = await admin().auth.admin.oauth.listClients();
    expect(error).toMatchObject({
      status: 404,
      code: 'feature_disabled',
      message: 'OAuth server is disabled',
    });
    expect((await refusal('/oauth/clients/register', { method: 'POST', body: '{}' })).body.code).toBe(
      'feature_disabled',
    );
    const custom = await refusal('/admin/custom-providers', { headers: asAdmin });
    expect(custom).toEqual({
      status: 404,
      body: { code: 'feature_disabled', message: 'Custom OAuth providers are disabled' },
    });
  });

  it('manual linking: 404 manual_linking_disabled for a signed-in user', async () => {
    const { email, password } = await confirmedUser('linking');
    const session = await signIn(email, password);
    const bearer = { authorization: `Bearer ${session.access_token}` };
    expect(
      await refusal('/user/identities/authorize?provider=github&skip_http_redirect=true', {
        headers: bearer,
      }),
    ).toEqual({
      status: 404,
      body: { code: 'manual_linking_disabled', message: 'Manual linking is disabled' },
    });
    // Authentication comes first: the anon key is no user.
    expect((await refusal('/user/identities/authorize')).body).toEqual({
      code: 'bad_jwt',
      message: 'invalid claim: missing sub claim',
    });
  });

  it('Web3 and id_token sign-ins: the provider-disabled errors, not unsupported_grant_type', async () => {
    const web3 = await refusal('/token?grant_type=web3', {
      method: 'POST',
      body: JSON.stringify({ chain: 'solana', message: 'm', signature: 's' }),
    });
    expect(web3).toEqual({
      status: 422,
      body: { code: 'web3_provider_disabled', message: 'Web3 provider is disabled' },
    });
    const { error } = await anon().auth.signInWithIdToken({ provider: 'google', token: 'a.b.c' });
    expect(error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    });
    const custom = await refusal('/token?grant_type=id_token', {
      method: 'POST',
      body: JSON.stringify({ provider: 'acme', id_token: 'a.b.c' }),
    });
    expect(custom.body).toEqual({
      code: 'validation_failed',
      message: 'Custom OIDC provider "acme" not allowed',
    });
  });

  it('phone OTP: the number is checked first, then no SMS code ever matches', async () => {
    const bad = await anon().auth.verifyOtp({ phone: '+1555-invalid', token: '123456', type: 'sms' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(bad.error?.message).toBe('Invalid phone number format (E.164 required)');
    const good = await anon().auth.verifyOtp({ phone: '+15555550100', token: '123456', type: 'sms' });
    expect(good.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
  });

  it('keeps unknown paths and grant types as GoTrue answers them', async () => {
    expect((await refusal('/no-such-thing')).status).toBe(404);
    const grant = await refusal('/token?grant_type=constructor', { method: 'POST', body: '{}' });
    expect(grant).toEqual({
      status: 400,
      body: { code: 'invalid_credentials', message: 'unsupported_grant_type' },
    });
  });
});

describe('the start-up notice', () => {
  it("names every Auth feature config.toml turns on that is not emulated, by the CLI's keys", () => {
    const workdir = mkdtempSync(join(tmpdir(), 'stack-notice-'));
    mkdirSync(join(workdir, 'supabase'));
    writeFileSync(
      join(workdir, 'supabase', 'config.toml'),
      `
[auth]
enable_manual_linking = true
[auth.sms]
enable_signup = true
[auth.sms.twilio]
enabled = true
[auth.sms.test_otp]
"1234567890" = "123456"
[auth.mfa.totp]
enroll_enabled = true
verify_enabled = true
[auth.mfa.phone]
enroll_enabled = true
verify_enabled = false
[auth.mfa.web_authn]
enroll_enabled = true
verify_enabled = true
[auth.passkey]
enabled = true
[auth.external.google]
enabled = true
[auth.external.apple]
enabled = false
[auth.web3.solana]
enabled = true
[auth.third_party.clerk]
enabled = true
[auth.oauth_server]
enabled = true
[auth.hook.custom_access_token]
enabled = true
uri = "pg-functions://postgres/public/hook"
[auth.hook.send_sms]
enabled = true
`,
    );
    expect(loadConfig(workdir).ignored).toEqual([
      '[auth.sms] enable_signup (phone sign-ups)',
      '[auth.sms.twilio] enabled',
      '[auth.mfa.phone] enroll_enabled (MFA by SMS)',
      '[auth.mfa.web_authn] enroll_enabled (MFA by WebAuthn)',
      '[auth.mfa.web_authn] verify_enabled (MFA by WebAuthn)',
      '[auth] enable_manual_linking (manual identity linking)',
      '[auth.oauth_server] enabled (OAuth 2.1 server: only client registration is emulated)',
      '[auth.external.google] enabled (OAuth provider)',
      '[auth.web3.solana] enabled (Web3 sign-in)',
      '[auth.third_party.clerk] enabled (third-party auth)',
      '[auth.hook.send_sms] enabled (auth hook)',
    ]);
  });
});
