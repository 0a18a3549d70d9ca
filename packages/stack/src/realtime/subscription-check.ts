/**
 * @module realtime/subscription-check — what the real server's subscription insert checks before it says
 * "Subscribed to PostgreSQL": the table is in the `supabase_realtime` publication (wildcards match like
 * LIKE patterns) and every filtered column exists and is selectable by the subscriber's role.
 */
import type { Sql } from 'postgres';
import type { ChangeSpec } from './filters.ts';

function describe(spec: ChangeSpec): string {
  const filters = spec.filters.map((f) => `{"${f.column}", "${f.op}", "${f.values.join(',')}", ${f.negate}}`);
  return `event: ${spec.event}, schema: ${spec.schema}, table: ${spec.table}, filters: [${filters.join(', ')}], select: nil`;
}

/** Resolves with null when every binding can be subscribed, else the server's error message. */
export async function checkSubscriptions(
  sql: Sql,
  specs: ChangeSpec[],
  role: string,
): Promise<string | null> {
  for (const spec of specs) {
    const schemaLike = spec.schema === '*' ? '%' : spec.schema;
    const tableLike = spec.table === '*' ? '%' : spec.table;
    const tables = await sql<{ oid: number }[]>`
      select format('%I.%I', schemaname, tablename)::regclass::oid::int as oid
        from pg_publication_tables
       where pubname = 'supabase_realtime'
         and schemaname like ${schemaLike} escape '' and tablename like ${tableLike} escape ''`;
    if (!tables.length)
      return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${describe(spec)}]`;
    if (!spec.filters.length) continue;
    const roleExists = await sql`select 1 from pg_roles where rolname = ${role}`;
    for (const { oid } of tables) {
      const cols = roleExists.length
        ? await sql<{ attname: string }[]>`
            select a.attname from pg_attribute a
             where a.attrelid = ${oid} and a.attnum > 0 and not a.attisdropped
               and has_column_privilege(${role}, a.attrelid, a.attnum, 'SELECT')`
        : [];
      const names = new Set(cols.map((c) => c.attname));
      const missing = spec.filters.find((f) => !names.has(f.column));
      if (missing)
        return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describe(spec)}]. Exception: ${roleExists.length ? `ERROR P0001 (raise_exception) invalid column for filter ${missing.column}` : `ERROR 42704 (undefined_object) role "${role}" does not exist`}`;
    }
  }
  return null;
}
