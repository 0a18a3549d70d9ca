/**
 * @module deploy/drift — migrations only move forward: a migration the target has already applied must
 * still read as it did then. Compared with `supabase_migrations.schema_migrations.statements`, which the
 * CLI fills with the file's statements (split on top-level `;`, which it drops, and trimmed), so the
 * comparison ignores whitespace and nothing else: an edited comment counts as an edit.
 */
import postgres from 'postgres';
import type { Migration } from './project.ts';

export interface AppliedMigration {
  version: string;
  name: string | null;
  statements: string[] | null;
}

export interface Drift {
  /** Applied on the target, with contents that differ from the local file. */
  edited: Migration[];
  /** Applied on the target, with no local file (the CLI refuses these too; named here for the summary). */
  unknown: AppliedMigration[];
}

const squash = (text: string) => text.replace(/\s+/g, '');

/** The pure comparison; `applied` as read from the target. */
export function findDrift(local: Migration[], applied: AppliedMigration[]): Drift {
  const byVersion = new Map(local.map((m) => [m.version, m]));
  const edited: Migration[] = [];
  const unknown: AppliedMigration[] = [];
  for (const row of applied) {
    const file = byVersion.get(row.version);
    if (!file) unknown.push(row);
    // A row without statements (written by `migration repair`) has nothing to compare.
    else if (row.statements && squash(row.statements.map((s) => `${s};`).join('')) !== squash(file.sql)) {
      edited.push(file);
    }
  }
  return { edited, unknown };
}

/** The target's migration history; empty when the CLI has never pushed to it. */
export async function appliedMigrations(dbUrl: string): Promise<AppliedMigration[]> {
  // Hosted projects take TLS only; a loopback database (the rehearsal) has none.
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(dbUrl).hostname);
  // No prepared statements: the hosted pooler may be in transaction mode (port 6543), which cannot keep them.
  const sql = postgres(dbUrl, {
    max: 1,
    onnotice: () => {},
    connect_timeout: 30,
    ssl: !loopback && 'require',
    prepare: false,
  });
  try {
    const [table] = await sql<{ exists: boolean }[]>`
      select to_regclass('supabase_migrations.schema_migrations') is not null as exists`;
    if (!table?.exists) return [];
    return await sql<AppliedMigration[]>`
      select version, name, statements from supabase_migrations.schema_migrations order by version`;
  } finally {
    await sql.end();
  }
}

/** A refusal that names each file and says what to do instead. */
export function describeDrift(drift: Drift): string {
  const lines: string[] = [];
  for (const m of drift.edited) {
    lines.push(`- supabase/migrations/${m.file} was edited after the target applied it`);
  }
  for (const row of drift.unknown) {
    lines.push(`- ${row.version}_${row.name ?? '?'} is applied on the target but has no local file`);
  }
  return [
    'Refusing to deploy: migrations only move forward.',
    ...lines,
    'Restore the applied file and put the change in a new migration (`pnpm db:new <name>`).',
  ].join('\n');
}
