/**
 * Starts one isolated stack for the whole test run on a mirror of the Lanes project: a temp folder whose
 * `supabase/` links to the real config, migrations and functions (email templates are copied), with its own
 * `functions/.env` (the example's, so a developer's local `.env` plays no part). The stack hands the functions
 * its own inbox address, so parallel runs and a running dev stack never share ports or inboxes.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliDbUrl, runSupabaseCli } from '@lanes/stack/database';
import { freePort, startTestStack, toEnv } from '@lanes/stack/testing';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** The project mirror: links for everything but `supabase/functions/.env`. */
function mirror(): string {
  const root = mkdtempSync(join(tmpdir(), 'lanes-data-tests-'));
  // Functions import ../../../packages/shared from their folder: the link keeps that path valid here too.
  symlinkSync(join(repo, 'packages'), join(root, 'packages'));
  const supabase = join(root, 'supabase');
  mkdirSync(join(supabase, 'functions'), { recursive: true });
  for (const entry of readdirSync(join(repo, 'supabase'))) {
    if (entry === 'functions' || entry.startsWith('.')) continue;
    // The Supabase CLI refuses email templates whose real path leaves the project: copy them, link the rest.
    if (entry === 'templates')
      cpSync(join(repo, 'supabase', entry), join(supabase, entry), { recursive: true });
    else symlinkSync(join(repo, 'supabase', entry), join(supabase, entry));
  }
  for (const entry of readdirSync(join(repo, 'supabase', 'functions'))) {
    if (entry.startsWith('.')) continue;
    symlinkSync(join(repo, 'supabase', 'functions', entry), join(supabase, 'functions', entry));
  }
  const example = join(repo, 'supabase', 'functions', '.env.example');
  writeFileSync(
    join(supabase, 'functions', '.env'),
    existsSync(example) ? readFileSync(example, 'utf8') : '',
  );
  return root;
}

export default async function setup() {
  const ports = { api: await freePort(), db: await freePort(), inbox: await freePort() };
  const workdir = mirror();
  const stack = await startTestStack({ workdir, ports });
  // What a project's owner does once on hosted (decision 076): the database calls its functions (removing
  // deleted attachments' files) at the URL and with the key it finds in Vault.
  const sql = `select vault.create_secret('${stack.apiUrl}', 'project_url'),
    vault.create_secret('${stack.serviceRoleKey}', 'service_role_key')`;
  await runSupabaseCli(['db', 'query', `--remote=${cliDbUrl(stack.dbUrl)}`, sql], workdir);
  process.env.STACK_ENV = JSON.stringify(toEnv(stack));
  return async () => {
    await stack.stop();
    rmSync(workdir, { recursive: true, force: true });
  };
}
