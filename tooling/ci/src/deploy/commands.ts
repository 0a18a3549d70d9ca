/**
 * @module deploy/commands — the Supabase CLI command lines of a deploy, as data: built here, run by
 * `run.ts`, asserted by tests. No secret ever appears in an argument: the access token and the database
 * password reach the CLI through its environment, the functions' secrets through a file.
 */
import { cliDbUrl } from '@lanes/stack/database';
import type { EdgeFunction } from './project.ts';

/** Where the migrations go: the linked hosted project, or a database URL (the local rehearsal). */
export type DatabaseTarget = { kind: 'linked'; projectRef: string } | { kind: 'url'; dbUrl: string };

export interface Options {
  /** A Supabase CLI profile (`--profile`): a built-in name or a YAML file with another `api_url`. */
  profile?: string | undefined;
}

/** CLI arguments; `--yes` because a deploy never waits for a prompt. */
export type Command = string[];

function globals(options: Options): string[] {
  return ['--yes', ...(options.profile ? ['--profile', options.profile] : [])];
}

function remote(target: DatabaseTarget): string {
  return target.kind === 'linked' ? '--remote' : `--remote=${cliDbUrl(target.dbUrl)}`;
}

export function link(projectRef: string, options: Options = {}): Command {
  return ['link', '--project-ref', projectRef, ...globals(options)];
}

export function pushMigrations(target: DatabaseTarget, dryRun: boolean, options: Options = {}): Command {
  return ['db', 'push', remote(target), ...(dryRun ? ['--dry-run'] : []), ...globals(options)];
}

/**
 * `--use-api` bundles on Supabase's side, so a deploy needs no Docker (a laptop, or a runner without it);
 * `--no-verify-jwt` only when config.toml turns verification off (the CLI has no flag to turn it on).
 */
export function deployFunction(fn: EdgeFunction, projectRef: string, options: Options = {}): Command {
  return [
    'functions',
    'deploy',
    fn.name,
    '--use-api',
    ...(fn.verifyJwt ? [] : ['--no-verify-jwt']),
    `--remote=${projectRef}`,
    ...globals(options),
  ];
}

export function setSecrets(envFile: string, projectRef: string, options: Options = {}): Command {
  return ['secrets', 'set', '--env-file', envFile, `--remote=${projectRef}`, ...globals(options)];
}
