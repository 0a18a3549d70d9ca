/**
 * @module realtime/subscription-check — what the real server's subscription insert checks before it says
 * "Subscribed to PostgreSQL": the table is in the `supabase_realtime` publication (wildcards match like
 * LIKE patterns) and every filtered column exists and is selectable by the subscriber's role.
 *
 * A join often names several bindings (a task panel follows four tables), so the catalog is read once per
 * join, not once per binding: the publication's tables, then the role and the selectable columns of every
 * table a filter names. Three queries at most, whatever the number of bindings.
 */
import type { Sql } from 'postgres';
import type { ChangeSpec } from './filters.ts';

function describe(spec: ChangeSpec): string {
  const filters = spec.filters.map((f) => `{"${f.column}", "${f.op}", "${f.values.join(',')}", ${f.negate}}`);
  return `event: ${spec.event}, schema: ${spec.schema}, table: ${spec.table}, filters: [${filters.join(', ')}], select: nil`;
}

/** SQL `LIKE` without an escape character: `%` is any run, `_` any one character, the rest literal. */
export function likePattern(name: string): RegExp {
  if (name === '*') return /^[\s\S]*$/;
  const body = [...name]
    .map((ch) =>
      ch === '%' ? '[\\s\\S]*' : ch === '_' ? '[\\s\\S]' : ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${body}$`);
}

interface PublishedTable {
  schema: string;
  table: string;
  oid: number;
}

/** Resolves with null when every binding can be subscribed, else the server's error message. */
export async function checkSubscriptions(
  sql: Sql,
  specs: ChangeSpec[],
  role: string,
): Promise<string | null> {
  const published = await sql<PublishedTable[]>`
    select schemaname as schema, tablename as table, format('%I.%I', schemaname, tablename)::regclass::oid::int as oid
      from pg_publication_tables
     where pubname = 'supabase_realtime'`;
  const matches = specs.map((spec) => {
    const schema = likePattern(spec.schema);
    const table = likePattern(spec.table);
    return published.filter((t) => schema.test(t.schema) && table.test(t.table));
  });
  const filtered = [...new Set(specs.flatMap((spec, i) => (spec.filters.length ? matches[i]! : [])))];
  const columns = filtered.length ? await selectableColumns(sql, role, filtered) : null;
  for (const [i, spec] of specs.entries()) {
    if (!matches[i]!.length)
      return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describe(spec)}]`;
    if (!spec.filters.length || !columns) continue;
    for (const { oid } of matches[i]!) {
      const names = columns.byTable.get(oid) ?? new Set<string>();
      const missing = spec.filters.find((f) => !names.has(f.column));
      if (missing)
        return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describe(spec)}]. Exception: ${columns.roleExists ? `ERROR P0001 (raise_exception) invalid column for filter ${missing.column}` : `ERROR 42704 (undefined_object) role "${role}" does not exist`}`;
    }
  }
  return null;
}

/** The columns of `tables` that `role` may select, by table oid; none when the role does not exist. */
async function selectableColumns(sql: Sql, role: string, tables: PublishedTable[]) {
  const byTable = new Map<number, Set<string>>();
  // `has_column_privilege` raises for an unknown role, so the role is looked up first.
  const roleExists = (await sql`select 1 from pg_roles where rolname = ${role}`).length > 0;
  if (!roleExists) return { roleExists, byTable };
  const rows = await sql<{ oid: number; attname: string }[]>`
    select a.attrelid::int as oid, a.attname from pg_attribute a
     where a.attrelid = any(${tables.map((t) => t.oid)}::oid[]) and a.attnum > 0 and not a.attisdropped
       and has_column_privilege(${role}, a.attrelid, a.attnum, 'SELECT')`;
  for (const { oid, attname } of rows) {
    const names = byTable.get(oid) ?? new Set<string>();
    names.add(attname);
    byTable.set(oid, names);
  }
  return { roleExists, byTable };
}
