/**
 * The stack's own `db push` (decision 176): on a fresh database it applies migrations and seed without
 * starting the CLI, and leaves `supabase_migrations` exactly as `supabase db push` does — same rows,
 * same statements — so the CLI's `migration list`, `db push --dry-run` and `migration repair` agree
 * with it; a failing file is rolled back and reported in the CLI's words.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { cliDbUrl, migrate, runSupabaseCli } from '../src/postgres/database.ts';
import { pushWithoutCli } from '../src/postgres/push/apply.ts';
import { startTestStack } from '../src/testing.ts';

const fixture = fileURLToPath(new URL('./fixtures/push-project', import.meta.url));
let root: string;

function project(name: string): string {
  const workdir = join(root, name);
  cpSync(fixture, workdir, { recursive: true });
  return workdir;
}

async function query<T extends object>(url: string, text: string): Promise<T[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return (await sql.unsafe(text)) as unknown as T[];
  } finally {
    await sql.end();
  }
}

/** Everything a push leaves behind that the CLI or the app can see. */
async function pushed(url: string) {
  const history = await query(
    url,
    'select version, name, statements from supabase_migrations.schema_migrations order by version',
  );
  const seeds = await query(url, 'select path, hash from supabase_migrations.seed_files order by path');
  const notes = await query(url, 'select id, note from public.push_notes order by id');
  const plain = await query(url, "select to_regclass('public.push_plain')::text as name");
  const sum = await query(url, 'select public.push_add(2, 3) as sum, public.push_echo($$x$$) as echo');
  return { history, seeds, notes, plain, sum };
}

/** A stack on a database nothing was applied to yet (the test pushes). */
function bareStack(workdir: string): Promise<RunningStack> {
  return startTestStack({
    workdir,
    dataDir: join(root, `${workdir.split('/').pop()}-data`),
    skipMigrations: true,
  });
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'stack-migration-push-'));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('a fresh database', () => {
  let byCli: RunningStack;
  let byStack: RunningStack;
  let workdir: string;

  beforeAll(async () => {
    const cliProject = project('by-cli');
    workdir = project('by-stack');
    [byCli, byStack] = await Promise.all([bareStack(cliProject), bareStack(workdir)]);
    await runSupabaseCli(
      ['db', 'push', `--db-url=${cliDbUrl(byCli.dbUrl)}`, '--yes', '--include-all', '--include-seed'],
      cliProject,
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all([byCli?.stop(), byStack?.stop()]);
  });

  it('gets the same migrations, history rows and seed as `supabase db push` gives it', async () => {
    expect(await pushWithoutCli(byStack.dbUrl, workdir, true)).toEqual({ applied: true });
    const ours = await pushed(byStack.dbUrl);
    const theirs = await pushed(byCli.dbUrl);
    expect(ours).toEqual(theirs);
    // The parser's cases, spelled out: comments kept in front, the trailing comment its own statement,
    // `;` inside quotes, parentheses and BEGIN ATOMIC not splitting, the empty file recorded as `{}`.
    const [tricky, empty] = ours.history as { statements: string[] | null }[];
    expect(tricky?.statements).toHaveLength(8);
    expect(tricky?.statements?.[7]).toBe('-- only a comment after the last statement');
    expect(empty?.statements).toEqual([]);
    expect(ours.notes).toEqual([
      { id: 1, note: 'dollar ; quoted' },
      { id: 2, note: "it's; quoted" },
      { id: 3, note: 'seeded; once' },
    ]);
    expect(ours.plain).toEqual([{ name: 'push_plain' }]);
  });

  it('is what the CLI sees: migration list, db push --dry-run and migration repair agree', async () => {
    const url = `--db-url=${cliDbUrl(byStack.dbUrl)}`;
    const list = await runSupabaseCli(['migration', 'list', url], workdir);
    for (const version of ['20261126000001', '20261126000002', '20261126000003']) {
      expect(list).toMatch(new RegExp(`${version}\\W*\\|\\W*${version}`));
    }
    const dryRun = await runSupabaseCli(['db', 'push', url, '--dry-run', '--include-seed'], workdir);
    expect(dryRun).toMatch(/is up to date/);
    // Reverted in the CLI's history, the last (idempotent) migration is pending again for the stack.
    await runSupabaseCli(['migration', 'repair', '--status', 'reverted', '20261126000003', url], workdir);
    const before = await query(
      byStack.dbUrl,
      'select count(*)::int as n from supabase_migrations.schema_migrations',
    );
    expect(before).toEqual([{ n: 2 }]);
    expect(await pushWithoutCli(byStack.dbUrl, workdir, true)).toEqual({ applied: true });
    expect((await pushed(byStack.dbUrl)).history).toEqual((await pushed(byCli.dbUrl)).history);
  });
});

describe('a migration that fails', () => {
  let stack: RunningStack;
  let workdir: string;

  beforeAll(async () => {
    workdir = project('failing');
    writeFileSync(
      join(workdir, 'supabase', 'migrations', '20261126000004_broken.sql'),
      'create table public.push_half (id int);\nselect * from public.no_such_table;\n',
    );
    stack = await bareStack(workdir);
  }, 60_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('is rolled back, the files before it stay applied, and the error reads as the CLI prints it', async () => {
    const failed = await pushWithoutCli(stack.dbUrl, workdir, false);
    expect(failed.applied).toBe(false);
    const error = await migrate(stack.dbUrl, workdir, false).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(error).toMatch(/relation "public.no_such_table" does not exist/);
    expect(error).toMatch(/At statement: 1/);
    const history = await query<{ version: string }>(
      stack.dbUrl,
      'select version from supabase_migrations.schema_migrations order by version',
    );
    expect(history.map((r) => r.version)).toEqual(['20261126000001', '20261126000002', '20261126000003']);
    expect(await query(stack.dbUrl, "select to_regclass('public.push_half') as half")).toEqual([
      { half: null },
    ]);
  });
});
