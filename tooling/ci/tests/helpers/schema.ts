/**
 * @module schema — a fingerprint of what the migrations make (columns, grants, policies, functions,
 * triggers, buckets, the realtime publication), to tell whether two databases hold the same schema.
 */
import postgres from 'postgres';

const FINGERPRINT = `
  select 'column' as kind, concat_ws(':', table_schema, table_name, column_name, data_type, column_default, is_nullable) as item
    from information_schema.columns where table_schema in ('public', 'storage')
  union all
  select 'grant', concat_ws(':', table_schema, table_name, grantee, privilege_type)
    from information_schema.role_table_grants where table_schema = 'public'
  union all
  select 'column grant', concat_ws(':', table_schema, table_name, column_name, grantee, privilege_type)
    from information_schema.column_privileges where table_schema = 'public'
  union all
  select 'policy', concat_ws(':', schemaname, tablename, policyname, cmd, roles::text, qual, with_check)
    from pg_policies where schemaname in ('public', 'storage', 'realtime')
  union all
  select 'function', concat_ws(':', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), md5(pg_get_functiondef(p.oid)))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.prokind = 'f'
  union all
  select 'trigger', concat_ws(':', tgrelid::regclass::text, tgname) from pg_trigger where not tgisinternal
  union all
  select 'bucket', concat_ws(':', id, public::text, file_size_limit::text, allowed_mime_types::text) from storage.buckets
  union all
  select 'realtime', concat_ws(':', schemaname, tablename) from pg_publication_tables where pubname = 'supabase_realtime'
  order by 1, 2`;

export async function schemaFingerprint(dbUrl: string): Promise<string[]> {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql.unsafe<{ kind: string; item: string }[]>(FINGERPRINT);
    return rows.map((r) => `${r.kind} ${r.item}`);
  } finally {
    await sql.end();
  }
}

export async function appliedVersions(dbUrl: string): Promise<string[]> {
  const sql = postgres(dbUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ version: string }[]>`
      select version from supabase_migrations.schema_migrations order by version`;
    return rows.map((r) => r.version);
  } finally {
    await sql.end();
  }
}
