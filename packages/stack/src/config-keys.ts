/**
 * @module config-keys — holds a project's config.toml against the Supabase CLI's keys: keys the CLI does
 * not know get the CLI's own warning, keys it knows that the stack does not honour are named once.
 */
import { CLI_OTHER_KEYS, CLI_TEMPLATE } from './config-template.ts';

type Table = Record<string, unknown>;

/** The keys config.ts (and the services it feeds) act on; `*` is a table name the project chooses. */
export const HONOURED_KEYS: readonly string[] = [
  'project_id',
  'api.port',
  'api.schemas',
  'api.extra_search_path',
  'api.max_rows',
  'db.port',
  // Not acted on, but answered by its own start notice (majorVersionNotice).
  'db.major_version',
  'db.seed.enabled',
  'db.seed.sql_paths',
  'db.migrations.enabled',
  // Upserted into Vault by the CLI's own `db push` on a fresh database or with pending migrations, as
  // `supabase start` does on a new one (decision 172).
  'db.vault.*',
  'local_smtp.port',
  'storage.file_size_limit',
  'storage.buckets.*.public',
  'storage.buckets.*.file_size_limit',
  'storage.buckets.*.allowed_mime_types',
  'storage.buckets.*.objects_path',
  'auth.site_url',
  'auth.additional_redirect_urls',
  'auth.jwt_expiry',
  'auth.signing_keys_path',
  'auth.enable_signup',
  'auth.enable_anonymous_sign_ins',
  'auth.enable_refresh_token_rotation',
  'auth.refresh_token_reuse_interval',
  'auth.minimum_password_length',
  'auth.password_requirements',
  'auth.email.enabled',
  'auth.email.enable_confirmations',
  'auth.email.double_confirm_changes',
  'auth.email.secure_password_change',
  'auth.email.max_frequency',
  'auth.email.otp_length',
  'auth.email.otp_expiry',
  'auth.email.template.*.subject',
  'auth.email.template.*.content_path',
  'auth.mfa.max_enrolled_factors',
  'auth.mfa.totp.enroll_enabled',
  'auth.mfa.totp.verify_enabled',
  'auth.hook.custom_access_token.enabled',
  'auth.hook.custom_access_token.uri',
  'auth.rate_limit.email_sent',
  'auth.rate_limit.sign_in_sign_ups',
  'auth.rate_limit.token_refresh',
  'auth.rate_limit.token_verifications',
  'auth.webauthn.rp_display_name',
  'auth.webauthn.rp_id',
  'auth.webauthn.rp_origins',
  'auth.passkey.enabled',
  'auth.oauth_server.enabled',
  'auth.oauth_server.allow_dynamic_registration',
  'edge_runtime.secrets.*',
  'functions.*.enabled',
  'functions.*.verify_jwt',
];

/**
 * Tables whose keys other notices already speak for: sections the stack does not run at all (named when
 * enabled) and the Auth features of `notEmulatedAuth`.
 */
const EMULATED_SECTIONS = new Set([
  'api',
  'db',
  'auth',
  'storage',
  'realtime',
  'functions',
  'edge_runtime',
  'local_smtp',
]);
const COVERED = [
  'auth.sms',
  'auth.mfa.phone',
  'auth.mfa.web_authn',
  'auth.passkey',
  'auth.oauth_server',
  'auth.captcha',
  'auth.email.smtp',
  'auth.external',
  'auth.web3',
  'auth.third_party',
  'auth.hook',
  'auth.enable_manual_linking',
];

const CLI_KEYS = [...Object.keys(CLI_TEMPLATE), ...CLI_OTHER_KEYS].map((k) => k.split('.'));
const HONOURED = HONOURED_KEYS.map((k) => k.split('.'));

const matches = (key: string[], pattern: string[]) =>
  key.length === pattern.length && pattern.every((p, i) => p === '*' || p === key[i]);
/** Whether some CLI key starts with `prefix` (so the table itself is known). */
const knownPrefix = (prefix: string[]) =>
  CLI_KEYS.some((p) => p.length > prefix.length && prefix.every((s, i) => p[i] === '*' || p[i] === s));

/** Dotted paths of every value in the file (arrays are values), with the table holding each. */
function leaves(table: Table, path: string[] = [], out: [string[], unknown, Table][] = []) {
  for (const [name, value] of Object.entries(table)) {
    if (value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
      leaves(value as Table, [...path, name], out);
    } else out.push([[...path, name], value, table]);
  }
  return out;
}

const isBlank = (v: unknown) => v === false || v === '' || (Array.isArray(v) && v.length === 0);

/** The CLI template's value for `key`: null where it has none (commented out, or a chosen name). */
function templateValue(key: string[]): unknown {
  for (const [pattern, value] of Object.entries(CLI_TEMPLATE)) {
    if (matches(key, pattern.split('.'))) return value;
  }
  return null;
}

/** The CLI's own warning (3.1) for keys it does not recognise, named by their first unknown part. */
export function unknownKeysWarning(keys: string[]): string | null {
  if (!keys.length) return null;
  return (
    `WARN: supabase/config.toml has keys this version of the Supabase CLI does not recognize and ignores: ${keys.join(', ')}. ` +
    'Check them for typos, remove keys older CLI versions used, or upgrade the CLI if they come from a newer version.'
  );
}

export interface KeyReview {
  /** Keys the CLI does not know, by their first unknown part (`api.bogus`, `nosuch`). */
  unknown: string[];
  /** Keys the CLI knows and the project sets away from the template, which the stack does not act on. */
  ignored: string[];
}

export function reviewKeys(toml: Table): KeyReview {
  // `remotes.<name>` repeats the whole file for a branch; the stack serves only the local project.
  const { remotes: _remotes, ...rest } = toml;
  // A CLI 2.x `[inbucket]` is read as `[local_smtp]` (config.ts says so in its own notice).
  const file: Table = rest.inbucket && !rest.local_smtp ? { ...rest, local_smtp: rest.inbucket } : rest;
  delete file.inbucket;
  const unknown = new Set<string>();
  const ignored: string[] = [];
  for (const [key, value, table] of leaves(file)) {
    if (!CLI_KEYS.some((p) => matches(key, p))) {
      let end = 1;
      while (end < key.length && knownPrefix(key.slice(0, end))) end++;
      unknown.add(key.slice(0, end).join('.'));
      continue;
    }
    const dotted = key.join('.');
    if (!EMULATED_SECTIONS.has(key[0]!) || COVERED.some((c) => dotted === c || dotted.startsWith(`${c}.`)))
      continue;
    if (HONOURED.some((p) => matches(key, p))) continue;
    // A feature switched off, or left at the CLI's value, changes nothing the stack would do differently.
    if (table.enabled === false && key.at(-1) !== 'enabled') continue;
    const standard = templateValue(key);
    if (JSON.stringify(value) === JSON.stringify(standard) || (standard === null && isBlank(value))) continue;
    ignored.push(`[${key.slice(0, -1).join('.')}] ${key.at(-1)}`);
  }
  return { unknown: [...unknown].sort(), ignored };
}
