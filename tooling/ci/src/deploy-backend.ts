#!/usr/bin/env node
/**
 * @module deploy-backend — `pnpm deploy:backend`: applies the migrations and deploys the edge functions
 * and their secrets with the real Supabase CLI. What CI's deploy job runs, and the same from a laptop.
 *
 *   hosted:     SUPABASE_ACCESS_TOKEN, SUPABASE_DB_PASSWORD, SUPABASE_PROJECT_ID, SUPABASE_SERVICE_ROLE_KEY
 *               (+ LANES_* secrets; LANES_PROJECT_URL only for an API URL other than https://<ref>.supabase.co)
 *   rehearsal:  --db-url <postgres url> migrates that database; functions and secrets go to
 *               SUPABASE_PROJECT_ID only when it is set (with --profile for another Management API)
 *
 * Steps: type-check every function → link → `db push --dry-run` (into the job summary) → refuse edited
 * applied migrations → `db push` → Vault's `project_url` and `service_role_key` (the database calls its
 * functions with them) → `secrets set` → `functions deploy` each. `--dry-run` stops before the first change.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as cli from './deploy/commands.ts';
import { checkFunctions } from './deploy/deno-check.ts';
import { appliedMigrations, describeDrift, findDrift } from './deploy/drift.ts';
import { type DeployEnv, EnvError, functionSecrets, readEnv } from './deploy/env.ts';
import { hostedDbUrl } from './deploy/hosted.ts';
import { edgeFunctions, localMigrations } from './deploy/project.ts';
import { redactor, runCli } from './deploy/run.ts';
import { withSecretsFile } from './deploy/secrets-file.ts';
import { summarySection } from './deploy/summary.ts';
import { upsertVaultSecrets, vaultSecrets } from './deploy/vault.ts';

/** A refusal or failure with its message; exit code 1, no stack trace. */
class DeployError extends Error {}

const usage = `Usage: pnpm deploy:backend [--db-url URL] [--dry-run] [--profile FILE] [--workdir DIR]`;

function options() {
  const { values } = parseArgs({
    options: {
      'db-url': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      profile: { type: 'string' },
      workdir: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  return values;
}

async function deploy(env: DeployEnv, args: ReturnType<typeof options>): Promise<void> {
  const workdir = resolve(args.workdir ?? fileURLToPath(new URL('../../..', import.meta.url)));
  const print = (text: string) => process.stdout.write(redact(text));
  const redact = redactor([
    env.SUPABASE_ACCESS_TOKEN,
    env.SUPABASE_DB_PASSWORD,
    env.SUPABASE_SERVICE_ROLE_KEY,
    ...Object.values(functionSecrets(env).values),
  ]);
  const cliOptions: cli.Options = { profile: args.profile };
  const run = { workdir, env: {}, redact, print };
  const step = async (command: cli.Command) => {
    const result = await runCli(command, run);
    if (result.code !== 0) throw new DeployError(`supabase ${command.slice(0, 2).join(' ')} failed`);
    return result.output;
  };

  // Where things go, checked before anything runs.
  const projectRef = env.SUPABASE_PROJECT_ID;
  let target: cli.DatabaseTarget;
  if (args['db-url']) target = { kind: 'url', dbUrl: args['db-url'] };
  else {
    const missing = (
      ['SUPABASE_ACCESS_TOKEN', 'SUPABASE_DB_PASSWORD', 'SUPABASE_PROJECT_ID'] as const
    ).filter((name) => !env[name]);
    if (missing.length || !projectRef) throw new DeployError(`Set ${missing.join(', ')} (or pass --db-url).`);
    target = { kind: 'linked', projectRef };
  }
  const functions = edgeFunctions(workdir);
  const secrets = functionSecrets(env);
  if (projectRef) {
    if (!env.SUPABASE_ACCESS_TOKEN) throw new DeployError('Set SUPABASE_ACCESS_TOKEN to deploy functions.');
    if (secrets.missing.length) {
      throw new DeployError(`Set the functions' secrets ${secrets.missing.join(', ')} before deploying.`);
    }
  }
  const vault = vaultSecrets(env, projectRef);
  if (projectRef && !vault.values) {
    throw new DeployError(
      `Set ${vault.missing.join(', ')}: the database calls its functions with them (Vault's project_url and service_role_key).`,
    );
  }

  print(`Type-checking ${functions.length} edge functions as they will be bundled…\n`);
  const checks = await checkFunctions(workdir, functions);
  for (const result of checks) print(`  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name}\n`);
  const failed = checks.find((result) => !result.ok);
  if (failed) throw new DeployError(`Edge function ${failed.name} does not type-check:\n${failed.output}`);

  if (target.kind === 'linked') await step(cli.link(target.projectRef, cliOptions));

  const dryRun = await step(cli.pushMigrations(target, true, cliOptions));
  summarySection(env.GITHUB_STEP_SUMMARY, 'Database migrations (dry run)', dryRun);

  const dbUrl =
    target.kind === 'url' ? target.dbUrl : hostedDbUrl(workdir, target.projectRef, env.SUPABASE_DB_PASSWORD!);
  const drift = findDrift(localMigrations(workdir), await appliedMigrations(dbUrl));
  if (drift.edited.length || drift.unknown.length) {
    summarySection(env.GITHUB_STEP_SUMMARY, 'Deploy refused', describeDrift(drift));
    throw new DeployError(describeDrift(drift));
  }

  const deploys = projectRef ? functions.map((fn) => cli.deployFunction(fn, projectRef, cliOptions)) : [];
  if (args['dry-run']) {
    print('Dry run: nothing applied. Would then run:\n');
    for (const command of deploys) print(`  supabase ${command.join(' ')}\n`);
    return;
  }

  await step(cli.pushMigrations(target, false, cliOptions));
  if (vault.values) {
    await upsertVaultSecrets(dbUrl, vault.values);
    print('Vault: project_url and service_role_key set.\n');
    summarySection(env.GITHUB_STEP_SUMMARY, 'Vault secrets set', Object.keys(vault.values).join('\n'));
  } else {
    print(
      `No ${vault.missing.join(', ')}: Vault secrets not set, so the database cannot call its functions.\n`,
    );
  }

  if (!projectRef) {
    // Migrations only (`--db-url` to any Postgres, no project): the functions were type-checked above.
    print('No SUPABASE_PROJECT_ID: functions type-checked, not deployed.\n');
    return;
  }
  // Secrets first, so no newly deployed function ever runs without the secrets it reads.
  await withSecretsFile(secrets.values, (file) => step(cli.setSecrets(file, projectRef, cliOptions)));
  summarySection(env.GITHUB_STEP_SUMMARY, 'Function secrets set', Object.keys(secrets.values).join('\n'));
  for (const command of deploys) await step(command);
  summarySection(
    env.GITHUB_STEP_SUMMARY,
    'Edge functions deployed',
    functions.map((fn) => `${fn.name} (verify_jwt = ${fn.verifyJwt})`).join('\n'),
  );
}

const args = options();
if (args.help) console.log(usage);
else {
  try {
    await deploy(readEnv(), args);
  } catch (error) {
    if (!(error instanceof DeployError || error instanceof EnvError)) throw error;
    process.stderr.write(`\n${error.message}\n`);
    process.exitCode = 1;
  }
}
