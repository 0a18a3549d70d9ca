/**
 * A project made by `supabase init` as other Supabase projects are: keys it leaves out behave as under
 * `supabase start`, the gateway has no key-auth by default, and a CLI 2.x `[inbucket]` section is served.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { parse, stringify } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { runSupabaseCli } from '../src/postgres/database.ts';
import { startTestStack } from '../src/testing.ts';

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
  // The CLI 2.x name of the mail catcher's section.
  toml.inbucket = toml.local_smtp!;
  delete toml.local_smtp;
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
});
