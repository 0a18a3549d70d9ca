/**
 * @module deploy/project — what the repository asks to deploy: the migration files in the order the CLI
 * applies them, and the edge functions with their `verify_jwt` from `supabase/config.toml`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export interface Migration {
  version: string;
  name: string;
  file: string;
  sql: string;
}

export interface EdgeFunction {
  name: string;
  verifyJwt: boolean;
}

/** The CLI's migration file name; other files in the folder are skipped by it, so by us too. */
const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/;

export function localMigrations(workdir: string): Migration[] {
  const dir = join(workdir, 'supabase', 'migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((file) => {
      const match = MIGRATION_FILE.exec(file);
      if (!match) return [];
      return [{ version: match[1]!, name: match[2]!, file, sql: readFileSync(join(dir, file), 'utf8') }];
    });
}

/**
 * Every folder of `supabase/functions` with an `index.ts`, as the CLI deploys them when none is named;
 * `_shared` and other `_`-folders hold code the functions import. `verify_jwt` defaults to true, as in
 * the CLI; a function with `enabled = false` is not deployed.
 */
export function edgeFunctions(workdir: string): EdgeFunction[] {
  const dir = join(workdir, 'supabase', 'functions');
  if (!existsSync(dir)) return [];
  const toml = parse(readFileSync(join(workdir, 'supabase', 'config.toml'), 'utf8'));
  const settings = (toml.functions ?? {}) as Record<string, { verify_jwt?: boolean; enabled?: boolean }>;
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .filter((entry) => existsSync(join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort()
    .filter((name) => settings[name]?.enabled !== false)
    .map((name) => ({ name, verifyJwt: settings[name]?.verify_jwt ?? true }));
}
