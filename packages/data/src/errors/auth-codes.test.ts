/**
 * Every Auth error code auth-js knows is either mapped to a catalogue code or named below as one this app
 * cannot meet. A new auth-js version with a new code fails here until someone decides which it is.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { authCode, MAPPED_AUTH_CODES } from './auth-codes.ts';

/** Codes of features Lanes does not use: phone, MFA, SSO/SAML, OAuth, anonymous sign-in, identity linking, hooks' payloads. */
const NOT_MET = new Set([
  'phone_exists',
  'phone_not_confirmed',
  'phone_provider_disabled',
  'sms_send_failed',
  'unexpected_audience',
  'provider_email_needs_verification',
  'bad_oauth_state',
  'bad_oauth_callback',
  'oauth_provider_not_supported',
  'single_identity_not_deletable',
  'email_conflict_identity_not_deletable',
  'manual_linking_disabled',
  'anonymous_provider_disabled',
  'user_sso_managed',
  'saml_provider_disabled',
  'saml_relay_state_not_found',
  'saml_relay_state_expired',
  'saml_idp_not_found',
  'saml_assertion_no_user_id',
  'saml_assertion_no_email',
  'saml_metadata_fetch_failed',
  'saml_idp_already_exists',
  'saml_entity_id_mismatch',
  'sso_provider_not_found',
  'sso_domain_already_exists',
  'hook_payload_over_size_limit',
  'hook_payload_invalid_content_type',
]);

/** Multi-factor codes (`mfa_*`, `webauthn_*`, `too_many_enrolled_mfa_factors`): Lanes has no second factor. */
const notMet = (code: string) => NOT_MET.has(code) || /mfa|webauthn/.test(code);

/** auth-js's `ErrorCode` union, read from the installed package (the one supabase-js uses). */
function authJsErrorCodes(): string[] {
  const fromSupabase = createRequire(createRequire(import.meta.url).resolve('@supabase/supabase-js'));
  const authJs = dirname(fromSupabase.resolve('@supabase/auth-js/package.json'));
  const source = readFileSync(join(authJs, 'dist/module/lib/error-codes.d.ts'), 'utf8');
  const union = /export type ErrorCode =([^;]+);/.exec(source)?.[1] ?? '';
  return [...union.matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]!);
}

describe('Auth error codes', () => {
  const codes = authJsErrorCodes();

  it('reads auth-js’s list', () => {
    expect(codes.length).toBeGreaterThan(50);
    expect(codes).toContain('invalid_credentials');
  });

  it('maps or deliberately leaves out every code auth-js knows', () => {
    const undecided = codes.filter((code) => !MAPPED_AUTH_CODES.includes(code) && !notMet(code));
    expect(undecided).toEqual([]);
  });

  it('maps every code the app can meet to something other than UNEXPECTED (except unexpected_failure)', () => {
    const unexpected = codes
      .filter((code) => !notMet(code) && code !== 'unexpected_failure')
      .filter((code) => authCode('AuthApiError', { code, status: 400, message: 'x' }).code === 'UNEXPECTED');
    expect(unexpected).toEqual([]);
  });

  it('sends a link opened without its PKCE verifier back to asking for a new one', () => {
    expect(authCode('AuthApiError', { code: 'flow_state_not_found' })).toMatchObject({
      code: 'SESSION_EXPIRED',
      message: expect.stringContaining('Ask for a new one'),
    });
  });

  it('asks to sign in again when secure_password_change wants a recent sign-in', () => {
    expect(authCode('AuthApiError', { code: 'reauthentication_needed' })).toMatchObject({
      code: 'SESSION_EXPIRED',
      message: expect.stringContaining('sign in again'),
    });
  });
});
