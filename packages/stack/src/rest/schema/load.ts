/**
 * @module rest/schema/load — reads the schema cache from the catalog for the exposed schemas in three
 * queries (relations, foreign keys, functions), then infers view foreign keys from view dependencies.
 */
import type { Sql } from 'postgres';
import { dbConfig } from './config.ts';
import {
  type Column,
  type ComputedRelationship,
  type ForeignKey,
  type FunctionInfo,
  key,
  type SchemaCache,
  type Table,
} from './types.ts';

const RELATIONS = `
select n.nspname as schema, c.relname as name, c.relkind as kind,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'notNull', a.attnotnull, 'default', case when a.attidentity <> ''
        then format('nextval(%L::regclass)', pg_get_serial_sequence(c.oid::regclass::text, a.attname))
        else pg_get_expr(d.adbin, d.adrelid) end) order by a.attnum)
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
  coalesce((select json_agg(json_build_object('type', con.contype, 'cols',
      (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(num, ord)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.num)))
    from pg_constraint con where con.conrelid = c.oid and con.contype in ('p', 'u')), '[]') as keys,
  case when c.relkind in ('v', 'm') then coalesce((select json_agg(distinct jsonb_build_object('t', d.refobjid::regclass::text, 'c', a.attname))
    from pg_rewrite r join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass
      and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0 and d.refobjid <> c.oid
    join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
    where r.ev_class = c.oid), '[]') end as sources,
  c.oid::regclass::text as regclass
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1) and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

const FOREIGN_KEYS = `
select con.conname as name, con.conrelid::regclass::text as tbl, con.confrelid::regclass::text as ref,
  (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(num, ord)
    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num) as cols,
  (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(num, ord)
    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num) as ref_cols
from pg_constraint con where con.contype = 'f'
order by con.conname`;

const FUNCTIONS = `
select n.nspname as schema, p.proname as name, p.proretset as set, p.provolatile as volatility,
  p.prorettype = 'void'::regtype as void, format_type(p.prorettype, null) as ret,
  case when rt.typtype = 'c' then rt.typrelid::regclass::text end as ret_rel,
  p.pronargdefaults as ndefaults, p.prorows = 1 as rows_one,
  coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[k.ord], ''), 'type', format_type(k.t, null),
      'mode', coalesce(p.proargmodes[k.ord], 'i')) order by k.ord)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(t, ord)), '[]') as args
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
where n.nspname = any($1) and p.prokind = 'f'
order by p.oid`;

const ROLE_SETTINGS = `
select r.rolname as role, s.setconfig as config
from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
order by s.setdatabase`;

/** Role settings that matter per request; others (search_path) are PostgREST's own business. */
const APPLIED = new Set(['statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout']);

interface RelRow {
  schema: string;
  name: string;
  kind: string;
  columns: Column[];
  keys: { type: string; cols: string[] }[];
  sources: { t: string; c: string }[] | null;
  regclass: string;
}

export async function loadSchemaCache(sql: Sql, schemas: string[]): Promise<SchemaCache> {
  const [relations, fks, fns, settings, zones] = await Promise.all([
    sql.unsafe<RelRow[]>(RELATIONS, [schemas]),
    sql.unsafe<{ name: string; tbl: string; ref: string; cols: string[]; ref_cols: string[] }[]>(
      FOREIGN_KEYS,
    ),
    sql.unsafe<Record<string, unknown>[]>(FUNCTIONS, [schemas]),
    sql.unsafe<{ role: string; config: string[] }[]>(ROLE_SETTINGS),
    sql.unsafe<{ name: string }[]>('select name from pg_timezone_names'),
  ]);
  const roleSettings = new Map<string, [string, string][]>();
  for (const { role, config } of settings) {
    for (const entry of config ?? []) {
      const i = entry.indexOf('=');
      const name = entry.slice(0, i);
      if (APPLIED.has(name))
        roleSettings.set(role, [...(roleSettings.get(role) ?? []), [name, entry.slice(i + 1)]]);
    }
  }
  const tables = new Map<string, Table>();
  const byRegclass = new Map<string, Table>();
  for (const r of relations) {
    const keys = r.keys ?? [];
    const table: Table = {
      schema: r.schema,
      name: r.name,
      kind: r.kind === 'v' || r.kind === 'm' ? 'view' : 'table',
      columns: new Map(r.columns.map((c) => [c.name, c])),
      pk: keys.find((k) => k.type === 'p')?.cols ?? [],
      uniques: keys.map((k) => k.cols),
      computed: new Map(),
    };
    tables.set(key(r.schema, r.name), table);
    byRegclass.set(r.regclass, table);
  }
  const foreignKeys: ForeignKey[] = [];
  for (const fk of fks) {
    const table = byRegclass.get(fk.tbl);
    const ref = byRegclass.get(fk.ref);
    if (table && ref)
      foreignKeys.push({ name: fk.name, table, columns: fk.cols, ref, refColumns: fk.ref_cols });
  }
  foreignKeys.push(...inferViewKeys(relations, byRegclass, foreignKeys));

  const functions = new Map<string, FunctionInfo[]>();
  const computedRelationships: ComputedRelationship[] = [];
  for (const f of fns) {
    const info = toFunction(f, byRegclass);
    const k = key(info.schema, info.name);
    if (info.callable) functions.set(k, [...(functions.get(k) ?? []), info]);
    // A function of one table row is a computed column of that table, or, when it returns rows of a
    // table, a computed relationship to it.
    const only = info.args.length === 1 ? info.args[0] : undefined;
    const owner = only ? [...tables.values()].find((t) => typeName(t) === only.type) : undefined;
    if (!owner || owner.schema !== info.schema) continue;
    const r = info.returns;
    if (r.kind === 'table')
      computedRelationships.push({
        fn: info,
        source: owner,
        target: r.table,
        toOne: !info.returnsSet || info.rowsOne,
      });
    else if (!info.returnsSet) owner.computed.set(info.name, info);
  }
  const timezones = new Set(zones.map((z) => z.name));
  return {
    tables,
    foreignKeys,
    computedRelationships,
    config: dbConfig(settings),
    functions,
    roleSettings,
    timezones,
    loadedAt: Date.now(),
  };
}

/** Unnamed parameters PostgREST can fill: one, taking the whole body of its type. */
const WHOLE_BODY_TYPES = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

const typeName = (t: Table) => (t.schema === 'public' ? t.name : `${t.schema}.${t.name}`);

function toFunction(f: Record<string, unknown>, byRegclass: Map<string, Table>): FunctionInfo {
  const all = f.args as { name: string; type: string; mode: string }[];
  const inputs = all.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
  const outputs = all.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
  const ndefaults = Number(f.ndefaults);
  const args = inputs.map((a, i) => ({
    name: a.name,
    type: a.type,
    hasDefault: i >= inputs.length - ndefaults,
  }));
  const relTable = f.ret_rel ? byRegclass.get(String(f.ret_rel)) : undefined;
  let returns: FunctionInfo['returns'];
  if (f.void) returns = { kind: 'void' };
  else if (relTable) returns = { kind: 'table', table: relTable };
  else if (outputs.length > 0 && f.ret === 'record')
    returns = {
      kind: 'composite',
      columns: outputs.map((o) => ({ name: o.name, type: o.type, notNull: false, default: null })),
    };
  else returns = { kind: 'scalar', type: String(f.ret) };
  const unnamed = args.filter((a) => a.name === '');
  return {
    schema: String(f.schema),
    name: String(f.name),
    args,
    callable: unnamed.length === 0 || (unnamed.length === 1 && WHOLE_BODY_TYPES.has(unnamed[0]?.type ?? '')),
    returnsSet: Boolean(f.set),
    rowsOne: Boolean(f.rows_one),
    volatility: f.volatility as FunctionInfo['volatility'],
    returns,
  };
}

/**
 * A view keeps a base table's foreign key when it exposes every key column under the same name;
 * PostgREST infers these too, so `select=*,cities(*)` works on views of related tables.
 */
function inferViewKeys(relations: RelRow[], byRegclass: Map<string, Table>, fks: ForeignKey[]): ForeignKey[] {
  const out: ForeignKey[] = [];
  for (const r of relations) {
    if (!r.sources) continue;
    const view = byRegclass.get(r.regclass);
    if (!view) continue;
    const bases = new Map<string, Set<string>>();
    for (const s of r.sources) bases.set(s.t, (bases.get(s.t) ?? new Set()).add(s.c));
    const exposes = (base: Table, cols: string[]) => {
      const used = bases.get([...byRegclass].find(([, t]) => t === base)?.[0] ?? '');
      return used !== undefined && cols.every((c) => used.has(c) && view.columns.has(c));
    };
    for (const fk of fks) {
      if (exposes(fk.table, fk.columns)) out.push({ ...fk, table: view, viaView: true });
      if (exposes(fk.ref, fk.refColumns)) out.push({ ...fk, ref: view, viaView: true });
    }
  }
  return out;
}
