/**
 * @module postgres/database — prepares a database for the stack: the bootstrap SQL that the Supabase
 * image provides, then the project's migrations and seed through the real Supabase CLI.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { hostEnvironment, stackEnvironment } from '../env.ts';
import { extensionSourceDir } from './install-extensions.ts';
import { pushWithoutCli } from './push/apply.ts';

const bootstrapDir = join(dirname(fileURLToPath(import.meta.url)), 'bootstrap');

function bootstrapFiles(): { name: string; sql: string }[] {
  return readdirSync(bootstrapDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(bootstrapDir, name), 'utf8') }));
}

/**
 * A fingerprint of the bootstrap SQL, so a cluster made by an older stack can be told apart. It covers the
 * SQL-only extensions too: the bootstrap creates supabase_vault from them, so a changed extension file
 * must give a new template (postgres/template.ts).
 */
export function bootstrapHash(): string {
  const hash = createHash('sha256');
  for (const f of bootstrapFiles()) hash.update(f.name).update(f.sql);
  for (const name of readdirSync(extensionSourceDir)
    .filter((f) => /\.(control|sql)$/.test(f))
    .sort()) {
    hash.update(name).update(readFileSync(join(extensionSourceDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Runs every bootstrap file, in order, in one transaction. */
export async function bootstrap(superuserUrl: string): Promise<void> {
  const sql = postgres(superuserUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      for (const file of bootstrapFiles()) {
        try {
          await tx.unsafe(file.sql);
        } catch (error) {
          throw new Error(`bootstrap ${file.name} failed: ${(error as Error).message}`);
        }
      }
    });
  } finally {
    await sql.end();
  }
}

/** Path of the Supabase CLI's JS entry (npm package `supabase`), run with this Node. */
export function supabaseCliEntry(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('supabase/package.json')), 'dist', 'supabase.js');
}

/**
 * The database URL as handed to the CLI: loopback servers get `sslmode=disable`, because otherwise the
 * CLI tries TLS first and prints its "Connected without TLS" warning on stdout, into generated types.
 */
export function cliDbUrl(url: string): string {
  const parsed = new URL(url);
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  if (loopback && !parsed.searchParams.has('sslmode')) parsed.searchParams.set('sslmode', 'disable');
  return parsed.toString();
}

/** Runs the Supabase CLI against `workdir`; resolves with its stdout, rejects with its output. */
export function runSupabaseCli(args: string[], workdir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [supabaseCliEntry(), ...args, '--workdir', workdir], {
      stdio: ['ignore', 'pipe', 'pipe'],
      // The CLI inherits the whole host environment, as it would when run from a shell.
      env: { ...hostEnvironment(), SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1', SUPABASE_YES: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new Error(`supabase ${args[0]} ${args[1] ?? ''} failed (${code}):\n${stderr}${stdout}`)),
    );
  });
}

/** The CLI's migration file name: `<digits>_<name>.sql`; other files in the folder are skipped by it too. */
const MIGRATION_FILE = /^([0-9]+)_.*\.sql$/;

/** Versions of the project's migration files, in the order the CLI applies them. */
export function migrationVersions(workdir: string): string[] {
  const dir = join(workdir, 'supabase', 'migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((f) => MIGRATION_FILE.exec(f)?.[1])
    .filter((v): v is string => v !== undefined)
    .sort();
}

/**
 * Versions on disk that `supabase_migrations.schema_migrations` has not recorded. Asking Postgres takes
 * milliseconds while starting the CLI takes most of a second, so a warm start skips the CLI when this
 * is empty; the CLI stays the one that applies and records migrations.
 */
export async function pendingMigrations(superuserUrl: string, workdir: string): Promise<string[]> {
  const versions = migrationVersions(workdir);
  if (!versions.length) return [];
  const sql = postgres(superuserUrl, { max: 1, onnotice: () => {} });
  try {
    const [table] = await sql<{ exists: boolean }[]>`
      select to_regclass('supabase_migrations.schema_migrations') is not null as exists`;
    if (!table?.exists) return versions;
    const rows = await sql<{ version: string }[]>`select version from supabase_migrations.schema_migrations`;
    const applied = new Set(rows.map((r) => r.version));
    return versions.filter((v) => !applied.has(v));
  } finally {
    await sql.end();
  }
}

/**
 * Applies pending migrations, and the seed when `withSeed` (a fresh database), as `supabase db push`
 * does: by the stack itself when it can do exactly what the CLI would (postgres/push, decision 176),
 * else by the CLI; both record them in `supabase_migrations` as for a hosted project.
 */
export async function migrate(superuserUrl: string, workdir: string, withSeed: boolean): Promise<void> {
  if (!stackEnvironment().STACK_PUSH_WITH_CLI) {
    const pushed = await pushWithoutCli(superuserUrl, workdir, withSeed);
    if (pushed.applied) return;
  }
  const args = ['db', 'push', `--remote=${cliDbUrl(superuserUrl)}`, '--yes', '--include-all'];
  if (withSeed) args.push('--include-seed');
  await runSupabaseCli(args, workdir);
}

/**
 * The PostgREST version the stack's REST service stands for. The CLI emits it as
 * `__InternalSupabase.PostgrestVersion` when it knows the target's version (a linked hosted project, or
 * `supabase start`'s image); for a database URL it cannot ask, so `generateTypes` adds it.
 */
export const POSTGREST_VERSION = '13.0.5';

/** What the CLI's TypeScript template writes in place of the `__InternalSupabase` block when it has no version. */
const NO_VERSION_BLOCK = 'export type Database = {\n  \n';

/**
 * `supabase gen types typescript --remote=<db-url>` against the stack's database, with the PostgREST
 * version block the CLI writes for a hosted project, so supabase-js picks the same typing options.
 */
export async function generateTypes(
  superuserUrl: string,
  workdir: string,
  schemas?: string[],
): Promise<string> {
  const args = ['gen', 'types', 'typescript', `--remote=${cliDbUrl(superuserUrl)}`];
  if (schemas?.length) args.push('--schema', schemas.join(','));
  const types = await runSupabaseCli(args, workdir);
  if (types.includes('__InternalSupabase: {') || !types.includes(NO_VERSION_BLOCK)) return types;
  return types.replace(
    NO_VERSION_BLOCK,
    'export type Database = {\n' +
      '  // Allows to automatically instantiate createClient with right options\n' +
      "  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)\n" +
      '  __InternalSupabase: {\n' +
      `    PostgrestVersion: '${POSTGREST_VERSION}'\n` +
      '  }\n',
  );
}
