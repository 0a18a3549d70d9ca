/**
 * @module postgres/push/plan — what `supabase db push --include-all [--include-seed]` would apply to a
 * database, read the way the CLI reads it (pkg/migration: ListLocalMigrations, FindPendingMigrations,
 * GetPendingSeeds), or the reason the stack leaves this push to the CLI itself (decision 176).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse } from 'smol-toml';
import { splitStatements } from './split.ts';

export interface MigrationFile {
  version: string;
  name: string;
  statements: string[];
}

export interface SeedFile {
  /** As the CLI records it in `supabase_migrations.seed_files`: relative to the project, `/`-separated. */
  path: string;
  hash: string;
  /** Recorded before with another hash: the CLI only updates the hash, it does not run the file again. */
  dirty: boolean;
  statements: string[];
}

/** What the database has recorded already. */
export interface Applied {
  versions: string[];
  seeds: Map<string, string>;
}

export type PushPlan = { migrations: MigrationFile[]; seeds: SeedFile[] } | { cli: string };

const MIGRATION_FILE = /^([0-9]+)_(.*)\.sql$/;
/** The CLI skips a first migration named like this (written by CLI versions before December 2021). */
const OLD_INIT = /([0-9]{14})_init\.sql/;
/**
 * Left to the CLI: transaction control ends or nests the transaction a file runs in, which the CLI's
 * batch treats its own way; COPY waits for data the file cannot send through either.
 */
const CLI_ONLY = /^(begin|commit|end|rollback|abort|start\s+transaction|prepare\s+transaction|copy)\b/i;
const GLOB = /[*?[\\]/;

/** The statement without the comments and white space the CLI keeps in front of it. */
function leadingKeyword(statement: string): string {
  return statement.replace(/^(\s+|--[^\n]*(\n|$)|\/\*[\s\S]*?\*\/)*/, '');
}

/** The migration files in the order the CLI applies them, with the CLI's skips. */
function localMigrations(dir: string): { version: string; name: string; path: string }[] {
  let entries: { name: string; dir: boolean }[];
  try {
    entries = readdirSync(dir)
      .sort()
      .map((name) => ({
        name,
        dir: statSync(join(dir, name), { throwIfNoEntry: false })?.isDirectory() ?? false,
      }));
  } catch {
    return [];
  }
  const files: { version: string; name: string; path: string }[] = [];
  entries.forEach((entry, i) => {
    if (entry.dir) return;
    const init = OLD_INIT.exec(entry.name);
    if (i === 0 && init && Number(init[1]) < 20211209000000) return;
    const match = MIGRATION_FILE.exec(entry.name);
    if (match) files.push({ version: match[1]!, name: match[2]!, path: join(dir, entry.name) });
  });
  return files;
}

interface SeedConfig {
  paths: string[];
  vault: boolean;
}

/** The config.toml keys a push reads: seed paths (relative to `supabase/`) and whether Vault secrets are set. */
function seedConfig(workdir: string): SeedConfig | string {
  let toml: Record<string, unknown>;
  try {
    toml = parse(readFileSync(join(workdir, 'supabase', 'config.toml'), 'utf8')) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { paths: ['./seed.sql'], vault: false };
    return 'config.toml does not parse';
  }
  const db = (toml.db ?? {}) as { seed?: { sql_paths?: unknown }; vault?: Record<string, unknown> };
  const paths = db.seed?.sql_paths ?? ['./seed.sql'];
  if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string')) return 'db.seed.sql_paths';
  return { paths, vault: Object.keys(db.vault ?? {}).length > 0 };
}

function readStatements(path: string): string[] | string {
  const statements = splitStatements(readFileSync(path, 'utf8'));
  const control = statements.find((s) => CLI_ONLY.test(leadingKeyword(s)));
  return control ? `${path}: ${control.split('\n', 1)[0]}` : statements;
}

function pendingSeeds(
  workdir: string,
  patterns: string[],
  applied: Map<string, string>,
): SeedFile[] | string {
  const seeds: SeedFile[] = [];
  for (const pattern of patterns) {
    if (GLOB.test(pattern) || posix.isAbsolute(pattern)) return `seed path ${pattern} is a pattern`;
    const path = posix.join('supabase', pattern);
    if (path.startsWith('../')) return `seed path ${pattern} is outside the project`;
    if (seeds.some((s) => s.path === path)) continue;
    let bytes: Buffer;
    try {
      bytes = readFileSync(join(workdir, path));
    } catch {
      // The CLI warns that no file matched and seeds the others.
      continue;
    }
    const hash = createHash('sha256').update(bytes).digest('hex');
    const recorded = applied.get(path);
    if (recorded === hash) continue;
    const dirty = recorded !== undefined;
    const statements = dirty ? [] : readStatements(join(workdir, path));
    if (typeof statements === 'string') return statements;
    seeds.push({ path, hash, dirty, statements });
  }
  return seeds;
}

/**
 * The migrations (and seeds, when `withSeed`) the CLI would apply, or `{ cli: reason }` when the push needs
 * something the stack does not do itself: Vault secrets from config.toml, recorded versions that are not a
 * prefix of the files (the CLI reports or reorders them), seed globs, a file with its own BEGIN/COMMIT.
 * A seed path naming no file is skipped, as the CLI skips it (with a warning).
 */
export function planPush(workdir: string, applied: Applied, withSeed: boolean): PushPlan {
  const config = seedConfig(workdir);
  if (typeof config === 'string') return { cli: config };
  const local = localMigrations(join(workdir, 'supabase', 'migrations'));
  const prefix = applied.versions.every((v, i) => local[i]?.version === v);
  if (!prefix) return { cli: 'the recorded migrations are not the first files in supabase/migrations' };
  const migrations: MigrationFile[] = [];
  for (const file of local.slice(applied.versions.length)) {
    const statements = readStatements(file.path);
    if (typeof statements === 'string') return { cli: statements };
    migrations.push({ version: file.version, name: file.name, statements });
  }
  if (migrations.length && config.vault) return { cli: 'config.toml sets Vault secrets' };
  const seeds = withSeed ? pendingSeeds(workdir, config.paths, applied.seeds) : [];
  if (typeof seeds === 'string') return { cli: seeds };
  return { migrations, seeds };
}
