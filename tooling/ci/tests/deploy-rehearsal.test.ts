/**
 * The deploy rehearsed for real: `pnpm deploy:backend --db-url` against a second local stack that plays
 * the hosted project (an empty project: bootstrapped, no migrations), which also serves the Management API
 * routes the CLI deploys functions and sets secrets through; the deployed functions then run there.
 */
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningStack } from '@lanes/stack';
import { generateTypes } from '@lanes/stack/database';
import { startTestStack } from '@lanes/stack/testing';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_SECRETS } from '../src/deploy/env.ts';
import { edgeFunctions } from '../src/deploy/project.ts';
import { writeCliProfile } from './helpers/cli-profile.ts';
import { repoRoot } from './helpers/repo-skeleton.ts';
import { runDeploy } from './helpers/run-deploy.ts';
import { appliedVersions, schemaFingerprint } from './helpers/schema.ts';

const PROJECT_REF = 'rehearsalprojectrefx';
const ACCESS_TOKEN = `sbp_${'c0ffee42'.repeat(5)}`;
/** The functions' secrets; their mail goes to the second stack's inbox, as hosted mail goes to a relay. */
const secrets = () => ({
  LANES_SITE_URL: 'https://lanes.rehearsal.example',
  LANES_EMAIL_API_URL: `${target.inboxUrl}/api/v1/send`,
  LANES_EMAIL_FROM: 'no-reply@rehearsal.example',
});

let dir: string;
let source: RunningStack;
let target: RunningStack;
let profile: string;
let summary: string;

/**
 * A project folder holding only `supabase/config.toml` and the email templates it names (the CLI reads them
 * with the config), plus what `extra` adds: a project never deployed to.
 */
function projectFolder(name: string, extra: (supabaseDir: string) => void = () => {}): string {
  const workdir = join(dir, name);
  mkdirSync(join(workdir, 'supabase'), { recursive: true });
  cpSync(join(repoRoot, 'supabase', 'config.toml'), join(workdir, 'supabase', 'config.toml'));
  cpSync(join(repoRoot, 'supabase', 'templates'), join(workdir, 'supabase', 'templates'), {
    recursive: true,
  });
  extra(join(workdir, 'supabase'));
  return workdir;
}

interface Deployed {
  slug?: string;
  name?: string;
  verify_jwt?: boolean;
  version?: number;
}

/** What the second stack's Management API holds for the project, read with the project's own token. */
const management = (path: string) =>
  fetch(`${target.apiUrl}/v1/projects/${PROJECT_REF}${path}`, {
    headers: { authorization: `Bearer ${ACCESS_TOKEN}` },
  }).then((r) => r.json() as Promise<Deployed[]>);

const hostedEnv = () => ({
  SUPABASE_PROJECT_ID: PROJECT_REF,
  SUPABASE_ACCESS_TOKEN: ACCESS_TOKEN,
  // What the database calls its functions with (Vault); the second stack plays the project's API.
  SUPABASE_SERVICE_ROLE_KEY: target.serviceRoleKey,
  LANES_PROJECT_URL: target.apiUrl,
  GITHUB_STEP_SUMMARY: summary,
  ...secrets(),
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lanes-deploy-rehearsal-'));
  summary = join(dir, 'summary.md');
  // The first stack, migrated as every developer's is; the second, an empty project to deploy to. Their
  // log goes to a file, as in CI (which uploads it when a run fails).
  process.env.STACK_LOG_FILE = join(dir, 'stack.log');
  [source, target] = await Promise.all([
    startTestStack({ workdir: repoRoot }),
    startTestStack({
      workdir: projectFolder('hosted'),
      managementApi: { projectRef: PROJECT_REF, accessToken: ACCESS_TOKEN },
    }),
  ]);
  delete process.env.STACK_LOG_FILE;
  profile = writeCliProfile(dir, target.apiUrl);
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A confirmed user of the second stack, signed in (created with the service role when new). */
async function signedIn(admin: SupabaseClient, email: string): Promise<SupabaseClient> {
  const password = 'rehearsal123';
  await admin.auth.admin.createUser({ email, password, email_confirm: true });
  const client = createClient(target.apiUrl, target.anonKey, { auth: { persistSession: false } });
  const { error } = await client.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return client;
}

/** The raw token of an invitation email's link (`…/invite/<token>`). */
function inviteToken(mail: { Text: string } | undefined): string {
  const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail?.Text ?? '')?.[1];
  expect(token, 'an invitation link in the email').toBeTruthy();
  return token!;
}

describe('pnpm deploy:backend --db-url, against a second stack', () => {
  it('brings the empty database to the first stack’s schema and types, and deploys every function', async () => {
    const run = await runDeploy(['--db-url', target.dbUrl, '--profile', profile], hostedEnv());
    expect(run.code, run.stdout + run.stderr).toBe(0);

    expect(await appliedVersions(target.dbUrl)).toEqual(await appliedVersions(source.dbUrl));
    expect(await schemaFingerprint(target.dbUrl)).toEqual(await schemaFingerprint(source.dbUrl));
    const [deployedTypes, localTypes] = await Promise.all([
      generateTypes(target.dbUrl, repoRoot),
      generateTypes(source.dbUrl, repoRoot),
    ]);
    expect(deployedTypes).toBe(localTypes);

    // Each function reached the second stack's Management API with its verify_jwt, and its secrets.
    expect((await management('/functions')).map((f) => [f.slug, f.verify_jwt])).toEqual(
      edgeFunctions(repoRoot).map((fn) => [fn.name, fn.verifyJwt]),
    );
    expect((await management('/secrets')).map((s) => s.name).sort()).toEqual([...FUNCTION_SECRETS].sort());
    // The dry run is in the job summary; no secret is in the log or the summary.
    const written = readFileSync(summary, 'utf8');
    expect(written).toContain('### Database migrations (dry run)');
    expect(written).toContain('20261121130000_profiles.sql');
    // Vault holds the project's URL and key, for pg_cron → pg_net → the functions.
    const db = postgres(target.dbUrl, { max: 1 });
    expect(
      await db`select name, decrypted_secret from vault.decrypted_secrets
               where name in ('project_url', 'service_role_key') order by name`,
    ).toEqual([
      { name: 'project_url', decrypted_secret: target.apiUrl },
      { name: 'service_role_key', decrypted_secret: target.serviceRoleKey },
    ]);
    await db.end();
    expect(written).toContain('### Vault secrets set');
    for (const value of [ACCESS_TOKEN, target.serviceRoleKey, ...Object.values(secrets())]) {
      expect(run.stdout + run.stderr).not.toContain(value);
      expect(written).not.toContain(value);
    }
    expect(run.stdout).not.toMatch(/:postgres@/);
  }, 180_000);

  it('runs the deployed functions in the second stack, with their secrets', async () => {
    const anon = createClient(target.apiUrl, target.anonKey, { auth: { persistSession: false } });
    // verify_jwt as deployed: no user token, no call.
    const refused = await fetch(`${target.apiUrl}/functions/v1/invite-member`, {
      method: 'POST',
      body: '{}',
    });
    expect(refused.status).toBe(401);

    const admin = createClient(target.apiUrl, target.serviceRoleKey, { auth: { persistSession: false } });
    const owner = { email: 'owner@rehearsal.example', password: 'rehearsal123' };
    const created = await admin.auth.admin.createUser({ ...owner, email_confirm: true });
    expect(created.error).toBeNull();
    expect((await anon.auth.signInWithPassword(owner)).error).toBeNull();
    const workspace = await anon.rpc('create_workspace', { name: 'Rehearsal', slug: 'rehearsal' }).single<{
      id: string;
    }>();
    expect(workspace.error).toBeNull();

    const invited = await anon.functions.invoke('invite-member', {
      body: { workspaceId: workspace.data!.id, email: 'guest@rehearsal.example', role: 'member' },
    });
    expect(invited.error).toBeNull();
    // The email went where LANES_EMAIL_API_URL says, from LANES_EMAIL_FROM, linking to LANES_SITE_URL.
    const [mail] = target.inbox.list('guest@rehearsal.example');
    expect(mail?.From.Address).toBe('no-reply@rehearsal.example');
    expect(mail?.Text).toContain('https://lanes.rehearsal.example/invite/');

    // The other deployed functions answer there too: the guest accepts, a second invitee declines,
    // and a user with nothing of their own deletes their account.
    const guest = await signedIn(admin, 'guest@rehearsal.example');
    const accepted = await guest.functions.invoke('accept-invitation', {
      body: { token: inviteToken(mail) },
    });
    expect(accepted.error).toBeNull();
    expect(accepted.data).toMatchObject({ workspace: { slug: 'rehearsal' }, role: 'member' });

    const invitedAgain = await anon.functions.invoke('invite-member', {
      body: { workspaceId: workspace.data!.id, email: 'declines@rehearsal.example', role: 'viewer' },
    });
    expect(invitedAgain.error).toBeNull();
    const [second] = target.inbox.list('declines@rehearsal.example');
    const decliner = await signedIn(admin, 'declines@rehearsal.example');
    const declined = await decliner.functions.invoke('decline-invitation', {
      body: { token: inviteToken(second) },
    });
    expect(declined.error).toBeNull();
    expect(declined.data).toEqual({ declined: true });

    const leaving = await signedIn(admin, 'leaving@rehearsal.example');
    const { data: leaver } = await leaving.auth.getUser();
    const deleted = await leaving.functions.invoke('delete-account', { body: {} });
    expect(deleted.error).toBeNull();
    expect((await admin.auth.admin.getUserById(leaver.user!.id)).error).not.toBeNull();

    // import-trello: the owner imports a one-list, one-card export into a new board.
    const imported = await anon.functions.invoke('import-trello', {
      body: {
        workspaceId: workspace.data!.id,
        export: {
          name: 'From Trello',
          lists: [{ id: 'l1', name: 'To do', closed: false, pos: 1 }],
          cards: [{ id: 'c1', name: 'First card', idList: 'l1', pos: 1 }],
        },
      },
    });
    expect(imported.error).toBeNull();
    const board = await anon
      .from('boards')
      .select('name, tasks(title)')
      .eq('id', imported.data.boardId)
      .single();
    expect(board.data).toEqual({ name: 'From Trello', tasks: [{ title: 'First card' }] });
  }, 60_000);

  it('fails with a wrong access token, and changes no function or secret of the project', async () => {
    const before = await management('/functions');
    const secretsBefore = await management('/secrets');
    const run = await runDeploy(['--db-url', target.dbUrl, '--profile', profile], {
      ...hostedEnv(),
      SUPABASE_ACCESS_TOKEN: `sbp_${'badc0de1'.repeat(5)}`,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('supabase secrets set failed');
    expect(await management('/functions')).toEqual(before);
    expect(await management('/secrets')).toEqual(secretsBefore);
  }, 120_000);

  it('fails when aimed at another project, and deploys nothing there or here', async () => {
    const before = await management('/functions');
    const run = await runDeploy(['--db-url', target.dbUrl, '--profile', profile], {
      ...hostedEnv(),
      SUPABASE_PROJECT_ID: 'anotherprojectrefxyz',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('supabase secrets set failed');
    expect(await management('/functions')).toEqual(before);
    const elsewhere = await fetch(`${target.apiUrl}/v1/projects/anotherprojectrefxyz/functions`, {
      headers: { authorization: `Bearer ${ACCESS_TOKEN}` },
    });
    expect(elsewhere.status).toBe(404);
  }, 120_000);

  it('logs the stacks to STACK_LOG_FILE', () => {
    expect(readFileSync(join(dir, 'stack.log'), 'utf8')).toMatch(/^\S+ \[\w+\] /m);
  });

  it('changes nothing when run again', async () => {
    const before = await schemaFingerprint(target.dbUrl);
    const versions = await appliedVersions(target.dbUrl);
    const run = await runDeploy(['--db-url', target.dbUrl, '--dry-run'], {});
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/up to date/i);
    const again = await runDeploy(['--db-url', target.dbUrl], {});
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(await appliedVersions(target.dbUrl)).toEqual(versions);
    expect(await schemaFingerprint(target.dbUrl)).toEqual(before);
  }, 120_000);

  it('refuses a migration edited after it was applied, and applies nothing', async () => {
    const workdir = projectFolder('edited', (supabaseDir) => {
      cpSync(join(repoRoot, 'supabase', 'migrations'), join(supabaseDir, 'migrations'), { recursive: true });
      const edited = join(supabaseDir, 'migrations', '20261121130300_boards.sql');
      writeFileSync(
        edited,
        readFileSync(edited, 'utf8').replace('create table', 'create table if not exists'),
      );
      writeFileSync(
        join(supabaseDir, 'migrations', '29991231000000_later.sql'),
        'create table public.must_not_exist (id int);\n',
      );
    });
    const versions = await appliedVersions(target.dbUrl);
    const run = await runDeploy(['--db-url', target.dbUrl, '--workdir', workdir], {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Refusing to deploy: migrations only move forward.');
    expect(run.stderr).toContain(
      'supabase/migrations/20261121130300_boards.sql was edited after the target applied it',
    );
    expect(await appliedVersions(target.dbUrl)).toEqual(versions);
  }, 120_000);

  it('stops before the database when a function does not type-check', async () => {
    const workdir = projectFolder('broken-function', (supabaseDir) => {
      // Both with the app's import map: they are checked as one group, and the broken one is still named.
      for (const name of ['broken', 'fine']) {
        mkdirSync(join(supabaseDir, 'functions', name), { recursive: true });
        copyFileSync(
          join(repoRoot, 'supabase', 'functions', 'invite-member', 'deno.json'),
          join(supabaseDir, 'functions', name, 'deno.json'),
        );
      }
      writeFileSync(
        join(supabaseDir, 'functions', 'fine', 'index.ts'),
        'Deno.serve(() => new Response("fine"));\n',
      );
      writeFileSync(
        join(supabaseDir, 'functions', 'broken', 'index.ts'),
        "const answer: number = 'forty-two';\nDeno.serve(() => new Response(String(answer)));\n",
      );
    });
    const run = await runDeploy(['--db-url', target.dbUrl, '--workdir', workdir], {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Edge function broken does not type-check');
    expect(run.stdout).toContain('FAIL broken');
    expect(run.stdout).toContain('ok   fine');
    expect(run.stdout).not.toContain('$ supabase db push');
  }, 60_000);
});
