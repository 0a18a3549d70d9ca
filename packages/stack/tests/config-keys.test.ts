/**
 * config.toml's keys held against the Supabase CLI's: the key table agrees with the installed CLI's
 * template, unknown keys get the CLI's own warning word for word, and keys the CLI knows but the stack does
 * not act on are named in the one start notice; `[db] major_version` other than 17 gets its own notice.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { HONOURED_KEYS, reviewKeys } from '../src/config-keys.ts';
import { CLI_OTHER_KEYS, CLI_TEMPLATE } from '../src/config-template.ts';
import { runSupabaseCli } from '../src/postgres/database.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function project(toml: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'stack-config-keys-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'supabase'));
  if (toml !== null) writeFileSync(join(dir, 'supabase', 'config.toml'), toml);
  return dir;
}

const matches = (key: string, pattern: string) => {
  const [k, p] = [key.split('.'), pattern.split('.')];
  return k.length === p.length && p.every((s, i) => s === '*' || s === k[i]);
};

/** A file with keys of every kind: honoured, known but not acted on, unknown, and in chosen-name tables. */
const MIXED = `project_id = "mixed"
[api]
port = 54321
bogus_key = 1
[api.tls]
enabled = true
[db]
major_version = 15
shadow_port = 6000
[db.pooler]
enabled = false
port = 1
[auth]
jwt_issuer = "https://issuer.example"
enable_signup = true
[auth.sessions]
timebox = "24h"
[auth.email.template.invite]
subject = "Hi"
content_path = "./supabase/templates/invite.html"
body = "inline"
[auth.hook.custom_access_token]
enabled = true
uri = "pg-functions://postgres/public/hook"
[storage.buckets.images]
public = true
colour = "red"
[functions.hello]
verify_jwt = false
import_map = "./import_map.json"
[edge_runtime]
policy = "oneshot"
[nosuch]
foo = 1
[remotes.staging]
project_id = "abcdefghijklmnopqrst"
[studio]
enabled = true
`;

describe('the key table against the installed Supabase CLI', () => {
  it('knows every key of `supabase init`’s template, commented-out ones included, with its value', async () => {
    const dir = project(null);
    rmSync(join(dir, 'supabase'), { recursive: true });
    await runSupabaseCli(['init'], dir);
    const text = readFileSync(join(dir, 'supabase', 'config.toml'), 'utf8');
    const flat = (t: Record<string, unknown>, prefix = '', out: Record<string, unknown> = {}) => {
      for (const [k, v] of Object.entries(t)) {
        const key = prefix ? `${prefix}.${k}` : k;
        if (v && typeof v === 'object' && !Array.isArray(v)) flat(v as Record<string, unknown>, key, out);
        else out[key] = v;
      }
      return out;
    };
    const set = flat(parse(text));
    const all = flat(parse(text.replace(/^# ((\[[^\]]+\])|([A-Za-z_0-9]+ = .*))$/gm, '$1')));
    const patterns = [...Object.keys(CLI_TEMPLATE), ...CLI_OTHER_KEYS];
    for (const key of Object.keys(all)) {
      expect(
        patterns.some((p) => matches(key, p)),
        key,
      ).toBe(true);
      if (key in CLI_TEMPLATE && key !== 'project_id')
        expect(CLI_TEMPLATE[key], key).toEqual(set[key] ?? null);
    }
    // Every key the stack honours is one the CLI knows.
    for (const key of HONOURED_KEYS)
      expect(
        patterns.some((p) => matches(key, p)),
        key,
      ).toBe(true);
    // The template itself: nothing unknown, nothing ignored beyond the sections the stack does not run.
    expect(reviewKeys(parse(text))).toEqual({ unknown: [], ignored: [] });
    expect(loadConfig(dir).notices).toEqual([]);
  }, 60_000);

  it('names unknown keys exactly as the CLI warns about them', async () => {
    const dir = project(MIXED);
    // Any command that loads config.toml; this one fails fast on a closed port after the warning.
    const cli = await runSupabaseCli(
      ['migration', 'list', '--db-url', 'postgres://a:b@127.0.0.1:1/postgres'],
      dir,
    )
      .then(() => '')
      .catch((error: Error) => error.message);
    const ours = loadConfig(dir).notices.find((n) => n.startsWith('WARN:'));
    expect(ours).toBe(
      'WARN: supabase/config.toml has keys this version of the Supabase CLI does not recognize and ignores: ' +
        'api.bogus_key, auth.email.template.invite.body, nosuch, storage.buckets.images.colour. Check them for ' +
        'typos, remove keys older CLI versions used, or upgrade the CLI if they come from a newer version.',
    );
    // The CLI prints it on stderr, which runSupabaseCli's error carries.
    expect(cli).toContain(ours);
  }, 60_000);
});

describe('keys the stack does not act on', () => {
  it('are named once, by table and key, unless off or at the CLI template’s value', () => {
    const config = loadConfig(project(MIXED));
    expect(config.ignored).toEqual([
      '[studio]',
      '[api.tls] enabled',
      '[db] shadow_port',
      '[auth] jwt_issuer',
      '[auth.sessions] timebox',
      '[functions.hello] import_map',
      '[edge_runtime] policy',
    ]);
  });

  it('a [db] major_version other than 17 gets a notice; 17 or none gets none', () => {
    expect(loadConfig(project(MIXED)).notices).toContain(
      'config.toml: [db] major_version = 15, but the stack runs Postgres 17: migrations and tests run on 17, so check them against your hosted database’s version',
    );
    for (const toml of ['[db]\nmajor_version = 17\n', '[db]\nport = 54322\n']) {
      expect(loadConfig(project(toml)).notices).toEqual([]);
    }
  });

  it('reads a CLI 2.x [inbucket] as [local_smtp], so its keys are neither unknown nor ignored', () => {
    const config = loadConfig(project('[inbucket]\nenabled = true\nport = 6100\nsmtp_port = 6101\n'));
    expect(config.ignored).toEqual(['[local_smtp] smtp_port']);
    expect(config.notices.filter((n) => n.startsWith('WARN:'))).toEqual([]);
  });
});
