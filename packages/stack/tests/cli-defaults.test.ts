/**
 * A project made by `supabase init` as other Supabase projects are: keys it leaves out behave as under
 * `supabase start`, the gateway has no key-auth by default, and a CLI 2.x `[inbucket]` section is served.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { parse, stringify } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { runSupabaseCli } from '../src/postgres/database.ts';
import { startTestStack } from '../src/testing.ts';
import { runCli } from './helpers/cli.ts';

const workdir = mkdtempSync(join(tmpdir(), 'stack-cli-defaults-'));
const logs: string[] = [];
let stack: RunningStack;
let configText: string;

beforeAll(async () => {
  await runSupabaseCli(['init'], workdir);
  const file = join(workdir, 'supabase', 'config.toml');
  const toml = parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
  // Left out, as many projects' files do: the CLI's template value (false) applies.
  delete (toml.auth!.email as Record<string, unknown>).enable_confirmations;
  // A hosted project on Postgres 15, which the stack's 17 stands in for.
  (toml.db as Record<string, unknown>).major_version = 15;
  // The CLI 2.x name of the mail catcher's section.
  toml.inbucket = toml.local_smtp!;
  delete toml.local_smtp;
  // A template file beside it, as projects that customise their emails have.
  mkdirSync(join(workdir, 'supabase', 'templates'));
  writeFileSync(join(workdir, 'supabase', 'templates', 'invite.html'), '<p>Join: {{ .ConfirmationURL }}</p>');
  const email = toml.auth!.email as Record<string, Record<string, unknown>>;
  email.template = {
    ...email.template,
    invite: { subject: 'Join us', content_path: './supabase/templates/invite.html' },
  };
  configText = stringify(toml);
  writeFileSync(file, configText);
  stack = await startTestStack({
    workdir,
    requireApiKey: false,
    log: (service, line) => logs.push(`[${service}] ${line}`),
  });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(workdir, { recursive: true, force: true });
});

describe('a project as `supabase init` makes it', () => {
  it('signs a new user up with a session at once when enable_confirmations is left out', async () => {
    const supabase = createClient(stack.apiUrl, stack.publishableKey, { auth: { persistSession: false } });
    const { data, error } = await supabase.auth.signUp({
      email: 'new@example.com',
      password: 'password-123',
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toEqual(expect.any(String));
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it('lets a request without apikey or Authorization reach the services as anon', async () => {
    const settings = await fetch(`${stack.apiUrl}/auth/v1/settings`);
    expect(settings.status).toBe(200);
    const rest = await fetch(`${stack.apiUrl}/rest/v1/no_such_table`);
    expect(rest.status).toBe(404);
    expect((await rest.json()).code).toBe('PGRST205');
  });

  it('serves a CLI 2.x [inbucket] section with a one-line notice, leaving the file alone', () => {
    expect(logs).toContain(
      '[stack] config.toml: [inbucket] is the Supabase CLI 2.x name of [local_smtp]; read as [local_smtp] (the file is left as it is)',
    );
    expect(readFileSync(join(workdir, 'supabase', 'config.toml'), 'utf8')).toBe(configText);
  });

  it('names what it does not act on in one notice, and the Postgres major version in another', () => {
    expect(logs.filter((l) => l.includes('not emulated, ignored'))).toEqual([
      '[stack] config.toml: not emulated, ignored: [studio], [analytics]',
    ]);
    expect(logs).toContain(
      '[stack] config.toml: [db] major_version = 15, but the stack runs Postgres 17: migrations and tests run on 17, so check them against your hosted database’s version',
    );
    expect(logs.filter((l) => l.includes('WARN:'))).toEqual([]);
  });

  it('starts with an email template’s content_path, and its invite email uses the file', async () => {
    const admin = createClient(stack.apiUrl, stack.secretKey, { auth: { persistSession: false } });
    const { error } = await admin.auth.admin.inviteUserByEmail('invited@example.com');
    expect(error).toBeNull();
    const mail = await stack.inbox.waitFor('invited@example.com', 10_000);
    expect(mail.Subject).toBe('Join us');
    expect(mail.HTML).toMatch(/^<p>Join: http/);
  });

  it('generates types for it with `stack gen-types` (the CLI refuses [inbucket] itself)', async () => {
    const result = await runCli(['gen-types', '--workdir', workdir, '--db-url', stack.dbUrl], 90_000);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('export type Database = {');
    expect(readFileSync(join(workdir, 'supabase', 'config.toml'), 'utf8')).toBe(configText);
  });
});
