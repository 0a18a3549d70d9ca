/**
 * The deploy rehearsed for real: `pnpm deploy:backend --db-url` against a second local stack that plays
 * the hosted project (an empty project: bootstrapped, no migrations), and the CLI's function deploys and
 * secrets sent to a recording Management API (the boundary: docs/decisions/102).
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningStack } from '@lanes/stack';
import { generateTypes } from '@lanes/stack/database';
import { startTestStack } from '@lanes/stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_SECRETS } from '../src/deploy/env.ts';
import { edgeFunctions } from '../src/deploy/project.ts';
import { type FakeApi, startFakeManagementApi } from './helpers/fake-management-api.ts';
import { repoRoot } from './helpers/repo-skeleton.ts';
import { runDeploy } from './helpers/run-deploy.ts';
import { appliedVersions, schemaFingerprint } from './helpers/schema.ts';

const PROJECT_REF = 'rehearsalprojectrefx';
const ACCESS_TOKEN = `sbp_${'c0ffee42'.repeat(5)}`;
const SECRETS = {
  LANES_SITE_URL: 'https://lanes.rehearsal.example',
  LANES_EMAIL_API_URL: 'https://mail-relay.rehearsal.example/api/v1/send',
  LANES_EMAIL_FROM: 'no-reply@rehearsal.example',
};

let dir: string;
let source: RunningStack;
let target: RunningStack;
let api: FakeApi;
let summary: string;

/** A project folder holding only `supabase/config.toml` (and what `extra` adds): a project never deployed to. */
function projectFolder(name: string, extra: (supabaseDir: string) => void = () => {}): string {
  const workdir = join(dir, name);
  mkdirSync(join(workdir, 'supabase'), { recursive: true });
  cpSync(join(repoRoot, 'supabase', 'config.toml'), join(workdir, 'supabase', 'config.toml'));
  extra(join(workdir, 'supabase'));
  return workdir;
}

const hostedEnv = () => ({
  SUPABASE_PROJECT_ID: PROJECT_REF,
  SUPABASE_ACCESS_TOKEN: ACCESS_TOKEN,
  GITHUB_STEP_SUMMARY: summary,
  ...SECRETS,
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lanes-deploy-rehearsal-'));
  summary = join(dir, 'summary.md');
  // The first stack, migrated as every developer's is; the second, an empty project to deploy to. Their
  // log goes to a file, as in CI (which uploads it when a run fails).
  process.env.STACK_LOG_FILE = join(dir, 'stack.log');
  [source, target] = await Promise.all([
    startTestStack({ workdir: repoRoot }),
    startTestStack({ workdir: projectFolder('hosted') }),
  ]);
  delete process.env.STACK_LOG_FILE;
  api = await startFakeManagementApi(dir, PROJECT_REF);
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop(), api?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('pnpm deploy:backend --db-url, against a second stack', () => {
  it('brings the empty database to the first stack’s schema and types, and deploys every function', async () => {
    const run = await runDeploy(['--db-url', target.dbUrl, '--profile', api.profile], hostedEnv());
    expect(run.code, run.stdout + run.stderr).toBe(0);

    expect(await appliedVersions(target.dbUrl)).toEqual(await appliedVersions(source.dbUrl));
    expect(await schemaFingerprint(target.dbUrl)).toEqual(await schemaFingerprint(source.dbUrl));
    const [deployedTypes, localTypes] = await Promise.all([
      generateTypes(target.dbUrl, repoRoot),
      generateTypes(source.dbUrl, repoRoot),
    ]);
    expect(deployedTypes).toBe(localTypes);

    // Each function reached the Management API once, with its own entrypoint, import map and verify_jwt.
    const expected = edgeFunctions(repoRoot);
    expect(api.deploys.map((d) => [d.slug, d.metadata.verify_jwt])).toEqual(
      expected.map((fn) => [fn.name, fn.verifyJwt]),
    );
    for (const deploy of api.deploys) {
      expect(deploy.metadata.entrypoint_path).toBe(`supabase/functions/${deploy.slug}/index.ts`);
      expect(deploy.files).toContain(`supabase/functions/${deploy.slug}/index.ts`);
      expect(deploy.files).toContain('supabase/functions/_shared/env.ts');
    }
    expect(api.secrets).toEqual(FUNCTION_SECRETS.map((name) => ({ name, value: SECRETS[name] })));
    expect(api.tokens).toEqual(new Set([`Bearer ${ACCESS_TOKEN}`]));

    // The dry run is in the job summary; no secret is in the log or the summary.
    const written = readFileSync(summary, 'utf8');
    expect(written).toContain('### Database migrations (dry run)');
    expect(written).toContain('20261121130000_profiles.sql');
    for (const value of [ACCESS_TOKEN, ...Object.values(SECRETS)]) {
      expect(run.stdout + run.stderr).not.toContain(value);
      expect(written).not.toContain(value);
    }
    expect(run.stdout).not.toMatch(/:postgres@/);
  }, 180_000);

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
      mkdirSync(join(supabaseDir, 'functions', 'broken'), { recursive: true });
      writeFileSync(
        join(supabaseDir, 'functions', 'broken', 'index.ts'),
        "const answer: number = 'forty-two';\nDeno.serve(() => new Response(String(answer)));\n",
      );
    });
    const run = await runDeploy(['--db-url', target.dbUrl, '--workdir', workdir], {});
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Edge function broken does not type-check');
    expect(run.stdout).not.toContain('$ supabase db push');
  }, 60_000);
});
