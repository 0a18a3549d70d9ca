/**
 * @module postgres/push/apply — applies pending migrations and seed files as `supabase db push` does, on
 * one connection and without starting the CLI (0.6–2.7 s of a cold start on a loaded machine): the CLI's
 * history tables, `RESET ALL` before each migration, each file's statements and its history row in one
 * transaction, the same rows in `supabase_migrations` (decision 176). A push that needs more, or a file
 * that fails, is handed to the CLI, so its errors read exactly as the CLI prints them.
 */
import postgres, { type ReservedSql } from 'postgres';
import { type Applied, type MigrationFile, type PushPlan, planPush, type SeedFile } from './plan.ts';

/** The CLI's own statements (pkg/migration/history.go), sent as it sends them. */
const HISTORY = {
  lockTimeout: "SET lock_timeout = '4s'",
  schema: 'CREATE SCHEMA IF NOT EXISTS supabase_migrations',
  versions:
    'CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY)',
  statementsColumn:
    'ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS statements text[]',
  nameColumn: 'ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS name text',
  seeds:
    'CREATE TABLE IF NOT EXISTS supabase_migrations.seed_files (path text NOT NULL PRIMARY KEY, hash text NOT NULL)',
};
// The statements go as JSON text, so no text[] literal escaping stands between the file and the row;
// a file without statements is recorded as an empty array, as the CLI records it.
const INSERT_VERSION = `INSERT INTO supabase_migrations.schema_migrations(version, name, statements)
  VALUES($1, $2, coalesce((select array_agg(s order by n) from json_array_elements_text($3::text::json) with ordinality as t(s, n)), '{}'))`;
const UPSERT_SEED =
  'INSERT INTO supabase_migrations.seed_files(path, hash) VALUES($1, $2) ON CONFLICT (path) DO UPDATE SET hash = EXCLUDED.hash';

export type PushResult = { applied: true } | { applied: false; reason: string };

async function recorded(sql: ReservedSql): Promise<Applied> {
  const [tables] = await sql<{ versions: boolean; seeds: boolean }[]>`
    select to_regclass('supabase_migrations.schema_migrations') is not null as versions,
           to_regclass('supabase_migrations.seed_files') is not null as seeds`;
  const versions = tables?.versions
    ? (
        await sql<
          { version: string }[]
        >`SELECT version FROM supabase_migrations.schema_migrations ORDER BY version`
      ).map((r) => r.version)
    : [];
  const seeds = tables?.seeds
    ? await sql<{ path: string; hash: string }[]>`SELECT path, hash FROM supabase_migrations.seed_files`
    : [];
  return { versions, seeds: new Map(seeds.map((s) => [s.path, s.hash])) };
}

/**
 * Runs `steps` in one transaction, pipelined in one round trip as the CLI's batch is; rolls back and
 * returns the first error when one fails.
 */
async function inTransaction(sql: ReservedSql, steps: (() => Promise<unknown>)[]): Promise<Error | null> {
  const results = await Promise.allSettled([sql.unsafe('begin'), ...steps.map((step) => step())]);
  const failed = results.find((r) => r.status === 'rejected');
  await sql.unsafe(failed ? 'rollback' : 'commit');
  return failed ? (failed.reason as Error) : null;
}

/** One statement of a file, sent as the CLI sends it: the extended protocol, no parameters, not prepared. */
const statement = (sql: ReservedSql, text: string) => () =>
  sql.unsafe(text, [], { prepare: false, simple: false } as never);

async function applyMigration(sql: ReservedSql, file: MigrationFile): Promise<Error | null> {
  // As the CLI: settings a previous migration made on the session (set_config(..., false)) do not leak.
  await sql.unsafe('RESET ALL');
  const history = JSON.stringify(file.statements);
  return inTransaction(sql, [
    ...file.statements.map((text) => statement(sql, text)),
    () => sql.unsafe(INSERT_VERSION, [file.version, file.name, history]),
  ]);
}

async function applySeed(sql: ReservedSql, seed: SeedFile): Promise<Error | null> {
  return inTransaction(sql, [
    ...seed.statements.map((text) => statement(sql, text)),
    () => sql.unsafe(UPSERT_SEED, [seed.path, seed.hash]),
  ]);
}

async function apply(sql: ReservedSql, plan: Exclude<PushPlan, { cli: string }>): Promise<PushResult> {
  if (plan.migrations.length) {
    const { lockTimeout, schema, versions, statementsColumn, nameColumn } = HISTORY;
    const failed = await inTransaction(
      sql,
      [lockTimeout, schema, versions, statementsColumn, nameColumn].map((text) => statement(sql, text)),
    );
    if (failed) return { applied: false, reason: failed.message };
  }
  for (const file of plan.migrations) {
    const failed = await applyMigration(sql, file);
    if (failed) return { applied: false, reason: `${file.version}_${file.name}.sql: ${failed.message}` };
  }
  if (plan.seeds.length) {
    const failed = await inTransaction(
      sql,
      [HISTORY.lockTimeout, HISTORY.schema, HISTORY.seeds].map((text) => statement(sql, text)),
    );
    if (failed) return { applied: false, reason: failed.message };
  }
  for (const seed of plan.seeds) {
    const failed = await applySeed(sql, seed);
    if (failed) return { applied: false, reason: `${seed.path}: ${failed.message}` };
  }
  return { applied: true };
}

/**
 * `supabase db push --include-all [--include-seed]` without the CLI, for the pushes it can do exactly as
 * the CLI would. `{ applied: false }` leaves the rest to the CLI: nothing was pending it could not do, and
 * a file that failed was rolled back (files before it stay applied and recorded, as with the CLI).
 */
export async function pushWithoutCli(
  superuserUrl: string,
  workdir: string,
  withSeed: boolean,
): Promise<PushResult> {
  const pool = postgres(superuserUrl, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'stack push' },
  });
  const sql = await pool.reserve();
  try {
    const plan = planPush(workdir, await recorded(sql), withSeed);
    if ('cli' in plan) return { applied: false, reason: plan.cli };
    return await apply(sql, plan);
  } finally {
    sql.release();
    await pool.end();
  }
}
