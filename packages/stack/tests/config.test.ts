/** config.toml: the settings the stack honours, their defaults, and the notice for what it ignores. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseDuration, parseSize, type StackConfig } from '../src/config.ts';
import { runSupabaseCli } from '../src/postgres/database.ts';

const fixture = fileURLToPath(new URL('./fixtures/project', import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(toml: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'stack-config-'));
  dirs.push(dir);
  if (toml !== null) {
    mkdirSync(join(dir, 'supabase'));
    writeFileSync(join(dir, 'supabase', 'config.toml'), toml);
  }
  return dir;
}

/** The part of the fixture's config.toml this test reads. */
interface FixtureToml {
  api: { port: number; max_rows: number; schemas: string[] };
  db: { port: number };
  local_smtp: { port: number };
  auth: {
    site_url: string;
    additional_redirect_urls: string[];
    refresh_token_reuse_interval: number;
    rate_limit: { sign_in_sign_ups: number };
    email: { max_frequency: string; otp_length: number };
  };
  storage: { file_size_limit: string };
}

describe('parseSize', () => {
  it('reads the units config.toml uses', () => {
    expect(parseSize('50MiB', 0)).toBe(50 * 1024 * 1024);
    expect(parseSize('5MB', 0)).toBe(5_000_000);
    expect(parseSize('512KiB', 0)).toBe(524_288);
    expect(parseSize('1GiB', 0)).toBe(1024 ** 3);
    expect(parseSize('1.5kb', 0)).toBe(1500);
    expect(parseSize('100', 0)).toBe(100);
    expect(parseSize(2048, 0)).toBe(2048);
  });
  it('falls back on what it cannot read', () => {
    expect(parseSize('lots', 7)).toBe(7);
    expect(parseSize('5 parsecs', 7)).toBe(7);
    expect(parseSize(undefined, 7)).toBe(7);
  });
});

describe('parseDuration', () => {
  it('reads Go-style durations in seconds', () => {
    expect(parseDuration('1s', 0)).toBe(1);
    expect(parseDuration('2m', 0)).toBe(120);
    expect(parseDuration('1h30m', 0)).toBe(5400);
    expect(parseDuration('250ms', 0)).toBe(0.25);
    expect(parseDuration(60, 0)).toBe(60);
  });
  it('falls back on what it cannot read', () => {
    expect(parseDuration('soon', 9)).toBe(9);
    expect(parseDuration(null, 9)).toBe(9);
  });
});

describe('loadConfig', () => {
  it('uses the CLI’s defaults without a config.toml', () => {
    const dir = project(null);
    const config = loadConfig(dir);
    expect(config.workdir).toBe(dir);
    expect(config.supabaseDir).toBe(join(dir, 'supabase'));
    expect(config.ports).toEqual({ api: 54321, db: 54322, inbox: 54324 });
    expect(config.api).toEqual({
      schemas: ['public', 'graphql_public'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 1000,
    });
    expect(config.auth.jwtExpiry).toBe(3600);
    expect(config.auth.email.enableConfirmations).toBe(false);
    expect(config.auth.rateLimit).toEqual({
      emailSent: 2,
      signInSignUps: 30,
      tokenRefresh: 150,
      tokenVerifications: 30,
    });
    expect(config.storage.fileSizeLimit).toBe(50 * 1024 ** 2);
    expect(config.db).toEqual({ seedEnabled: true, seedPaths: ['./seed.sql'], migrationsEnabled: true });
    expect(config.functions).toEqual({});
    expect(config.ignored).toEqual([]);
  });

  it('honours the fixture project’s settings and names the sections it does not emulate', () => {
    const config = loadConfig(fixture);
    // Compared with the file itself, so other suites may tune the fixture without breaking this test.
    const toml = parse(
      readFileSync(join(fixture, 'supabase', 'config.toml'), 'utf8'),
    ) as unknown as FixtureToml;
    expect(config.ports).toEqual({ api: toml.api.port, db: toml.db.port, inbox: toml.local_smtp.port });
    expect(config.api.maxRows).toBe(toml.api.max_rows);
    expect(config.api.schemas).toEqual(toml.api.schemas);
    expect(config.auth.siteUrl).toBe(toml.auth.site_url);
    expect(config.auth.additionalRedirectUrls).toEqual(toml.auth.additional_redirect_urls);
    expect(config.auth.refreshTokenReuseInterval).toBe(toml.auth.refresh_token_reuse_interval);
    expect(config.auth.rateLimit.signInSignUps).toBe(toml.auth.rate_limit.sign_in_sign_ups);
    expect(config.auth.email.maxFrequencySeconds).toBe(parseDuration(toml.auth.email.max_frequency, -1));
    expect(config.auth.email.otpLength).toBe(toml.auth.email.otp_length);
    expect(config.storage.fileSizeLimit).toBe(parseSize(toml.storage.file_size_limit, -1));
    expect(config.ignored).toEqual(expect.arrayContaining(['[studio]', '[analytics]']));
    // Disabled sections are not worth a notice.
    expect(config.ignored.filter((name) => name.startsWith('[auth'))).toEqual([]);
  });

  it('reads custom values, sizes, durations, functions and ignored sections', () => {
    const config = loadConfig(
      project(`
[api]
port = 6000
schemas = ["public", "app"]
max_rows = 50
[db]
port = 6001
[db.seed]
enabled = false
[db.migrations]
enabled = false
[inbucket]
port = 6002
[auth]
site_url = "https://app.example"
jwt_expiry = 600
enable_signup = false
minimum_password_length = 10
password_requirements = "lower_upper_letters_digits"
[auth.email]
enable_confirmations = false
max_frequency = "1m"
[auth.sms]
enabled = true
[auth.external.github]
enabled = true
[auth.external.google]
enabled = false
[storage]
file_size_limit = "5MB"
[functions.hello]
verify_jwt = false
[functions.off]
enabled = false
[studio]
enabled = true
`),
    );
    expect(config.ports).toEqual({ api: 6000, db: 6001, inbox: 6002 });
    expect(config.api.schemas).toEqual(['public', 'app']);
    expect(config.api.maxRows).toBe(50);
    expect(config.db.seedEnabled).toBe(false);
    expect(config.db.migrationsEnabled).toBe(false);
    expect(config.auth.siteUrl).toBe('https://app.example');
    expect(config.auth.jwtExpiry).toBe(600);
    expect(config.auth.enableSignup).toBe(false);
    expect(config.auth.minimumPasswordLength).toBe(10);
    expect(config.auth.passwordRequirements).toBe('lower_upper_letters_digits');
    expect(config.auth.email.enableConfirmations).toBe(false);
    expect(config.auth.email.maxFrequencySeconds).toBe(60);
    expect(config.storage.fileSizeLimit).toBe(5_000_000);
    expect(config.functions).toEqual({
      hello: { verifyJwt: false, enabled: true },
      off: { verifyJwt: true, enabled: false },
    });
    expect(config.ignored.sort()).toEqual([
      '[auth.external.github] enabled (OAuth provider)',
      '[auth.sms] enabled (phone sign-ins)',
      '[studio]',
    ]);
  });

  it('treats an unknown password_requirements value as none', () => {
    const config = loadConfig(project('[auth]\npassword_requirements = "emoji"\n'));
    expect(config.auth.passwordRequirements).toBe('');
  });
});

/** Every config.toml key the stack honours, with where its value lands in StackConfig. */
const HONOURED: [key: string, read: (c: StackConfig) => unknown][] = [
  ['api.port', (c) => c.ports.api],
  ['db.port', (c) => c.ports.db],
  ['local_smtp.port', (c) => c.ports.inbox],
  ['api.schemas', (c) => c.api.schemas],
  ['api.extra_search_path', (c) => c.api.extraSearchPath],
  ['api.max_rows', (c) => c.api.maxRows],
  ['auth.site_url', (c) => c.auth.siteUrl],
  ['auth.additional_redirect_urls', (c) => c.auth.additionalRedirectUrls],
  ['auth.jwt_expiry', (c) => c.auth.jwtExpiry],
  ['auth.enable_signup', (c) => c.auth.enableSignup],
  ['auth.enable_anonymous_sign_ins', (c) => c.auth.enableAnonymousSignIns],
  ['auth.enable_refresh_token_rotation', (c) => c.auth.refreshTokenRotation],
  ['auth.refresh_token_reuse_interval', (c) => c.auth.refreshTokenReuseInterval],
  ['auth.minimum_password_length', (c) => c.auth.minimumPasswordLength],
  ['auth.password_requirements', (c) => c.auth.passwordRequirements],
  ['auth.email.enabled', (c) => c.auth.email.enabled],
  ['auth.email.enable_confirmations', (c) => c.auth.email.enableConfirmations],
  ['auth.email.double_confirm_changes', (c) => c.auth.email.doubleConfirmChanges],
  ['auth.email.secure_password_change', (c) => c.auth.email.securePasswordChange],
  ['auth.email.max_frequency', (c) => c.auth.email.maxFrequencySeconds],
  ['auth.email.otp_length', (c) => c.auth.email.otpLength],
  ['auth.email.otp_expiry', (c) => c.auth.email.otpExpiry],
  ['auth.rate_limit.email_sent', (c) => c.auth.rateLimit.emailSent],
  ['auth.rate_limit.sign_in_sign_ups', (c) => c.auth.rateLimit.signInSignUps],
  ['auth.rate_limit.token_refresh', (c) => c.auth.rateLimit.tokenRefresh],
  ['auth.rate_limit.token_verifications', (c) => c.auth.rateLimit.tokenVerifications],
  ['storage.file_size_limit', (c) => c.storage.fileSizeLimit],
  ['db.seed.enabled', (c) => c.db.seedEnabled],
  ['db.seed.sql_paths', (c) => c.db.seedPaths],
  ['db.migrations.enabled', (c) => c.db.migrationsEnabled],
];

describe('a key missing from config.toml takes the CLI template’s value (`supabase init`)', () => {
  let template: Record<string, unknown>;
  let fromTemplate: StackConfig;
  beforeAll(async () => {
    const dir = project(null);
    await runSupabaseCli(['init'], dir);
    const text = readFileSync(join(dir, 'supabase', 'config.toml'), 'utf8');
    template = parse(text) as Record<string, unknown>;
    fromTemplate = loadConfig(dir);
  }, 60_000);

  it.each(HONOURED)('%s', (key, read) => {
    const toml = structuredClone(template);
    const path = key.split('.');
    const leaf = path.pop()!;
    const table = path.reduce((t, name) => t[name] as Record<string, unknown>, toml);
    // The template states the key; without it the stack must land on the same value.
    expect(table, `the CLI template has no ${key}`).toHaveProperty(leaf);
    delete table[leaf];
    expect(read(loadConfig(project(stringify(toml))))).toEqual(read(fromTemplate));
  });

  it('reads a CLI 2.x [inbucket] section as [local_smtp], with a one-line notice', () => {
    const toml = structuredClone(template);
    toml.inbucket = { ...(toml.local_smtp as object), port: 6100 };
    delete toml.local_smtp;
    const text = stringify(toml);
    const dir = project(text);
    const config = loadConfig(dir);
    expect(config.ports.inbox).toBe(6100);
    expect(config.notices).toEqual([
      'config.toml: [inbucket] is the Supabase CLI 2.x name of [local_smtp]; read as [local_smtp] (the file is left as it is)',
    ]);
    expect(readFileSync(join(dir, 'supabase', 'config.toml'), 'utf8')).toBe(text);
    expect(fromTemplate.notices).toEqual([]);
  });
});
