/**
 * @module rest/sql/write — INSERT (with upsert), UPDATE and DELETE as data-modifying CTEs: the JSON body
 * is one bound parameter, expanded by `json_to_recordset` into the table's column types.
 */
import { apiError } from '../errors.ts';
import type { ApiRequest } from '../parse/request.ts';
import type { ReadNode } from '../plan/read.ts';
import type { Table } from '../schema/types.ts';
import { conditionSql } from './filter.ts';
import { ident, type Params, qualified } from './params.ts';

type Json = Record<string, unknown>;

/** A request body: the raw text is what Postgres parses (so big numbers keep their digits). */
export interface Body {
  raw: string;
  value: unknown;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The columns a payload writes: `?columns=` when given, else the keys (all objects must agree). */
export function payloadColumns(req: ApiRequest, table: Table, body: unknown): string[] {
  let columns: string[];
  if (req.columns) columns = req.columns;
  else if (Array.isArray(body)) {
    if (!body.every(isObject)) throw apiError('PGRST102', 'All object keys must match');
    const first = Object.keys(body[0] ?? {});
    const same = body.every((o) => {
      const keys = Object.keys(o);
      return keys.length === first.length && keys.every((k) => first.includes(k));
    });
    if (!same) throw apiError('PGRST102', 'All object keys must match');
    columns = first;
  } else if (isObject(body)) columns = Object.keys(body);
  else throw apiError('PGRST102');
  for (const c of columns) if (!table.columns.has(c)) throw apiError('PGRST204', table.name, c);
  return columns;
}

/**
 * What a write returns: `1` per row when no body is wanted, else only the columns the response reads
 * (so column-level privileges hold as in PostgREST), or the whole row.
 */
export type Returning = 'one' | 'row' | string[];

function returningSql(target: string, returning: Returning): string {
  if (returning === 'one') return ' RETURNING 1';
  if (returning === 'row') return ` RETURNING ${target}.*`;
  return ` RETURNING ${returning.map((c) => `${target}.${ident(c)}`).join(', ') || '1'}`;
}

const countInserted = (op: '+' | '-', never: string) =>
  `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) ${op} 1)::text, true) <> '${never}'`;

const recordDef = (table: Table, columns: string[]) =>
  columns.map((c) => `${ident(c)} ${table.columns.get(c)?.type ?? 'text'}`).join(', ');

/** `INSERT ... SELECT ... FROM json_to_recordset($1)`, with ON CONFLICT for upserts. */
export function insertSql(
  req: ApiRequest,
  table: Table,
  input: Body,
  params: Params,
  returning: Returning,
): string {
  const body = input.value;
  const columns = payloadColumns(req, table, body);
  const target = qualified(table.schema, table.name);
  const ret = returningSql(target, returning);
  if (columns.length === 0) {
    const rows = Array.isArray(body) ? body.length : 1;
    if (rows === 0) return `SELECT * FROM ${target} WHERE FALSE`;
    // No columns named: every column takes its default (a zero-column SELECT fills none).
    return `INSERT INTO ${target} SELECT FROM generate_series(1, ${rows})${ret}`;
  }
  const json = params.add(input.raw, 'json');
  const array = `CASE WHEN json_typeof(${json}) = 'array' THEN ${json} ELSE json_build_array(${json}) END`;
  let select: string;
  if (req.prefer.missing === 'default') {
    // A key missing from an object takes the column default instead of NULL. Like PostgREST, every
    // row evaluates the defaults (a sequence advances for each row, given a value or not); the
    // reference to the row keeps Postgres from evaluating them once for all.
    const values = columns.map(
      (c) =>
        `CASE WHEN "_e"."j"::jsonb ? ${params.add(c, 'text')} THEN "_r".${ident(c)} ELSE "_d".${ident(c)} END`,
    );
    const defaults = columns.map((c) => `${table.columns.get(c)?.default ?? 'NULL'} AS ${ident(c)}`);
    select = `SELECT ${values.join(', ')} FROM json_array_elements(${array}) AS "_e"("j"), LATERAL json_to_record("_e"."j") AS "_r"(${recordDef(table, columns)}), LATERAL (SELECT ${defaults.join(', ')} WHERE "_e"."j" IS NOT NULL) AS "_d"`;
  } else {
    select = `SELECT ${columns.map((c) => `"_r".${ident(c)}`).join(', ')} FROM json_to_recordset(${array}) AS "_r"(${recordDef(table, columns)})`;
  }
  let conflict = '';
  if (req.prefer.resolution) {
    const on = req.onConflict ?? table.pk;
    for (const c of on)
      if (!table.columns.has(c)) throw apiError('42703', table.name, c, table.columns.keys());
    const onTarget = on.length ? `(${on.map(ident).join(', ')})` : '';
    if (req.prefer.resolution === 'ignore-duplicates') conflict = ` ON CONFLICT ${onTarget} DO NOTHING`;
    else {
      // Count inserts up and conflicts down, as PostgREST does, so an upsert that only updated answers 200.
      select += ` WHERE ${countInserted('+', '0')}`;
      const set = columns.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ');
      conflict = ` ON CONFLICT ${onTarget} DO UPDATE SET ${set} WHERE ${countInserted('-', '-1')}`;
    }
  }
  return `INSERT INTO ${target} (${columns.map(ident).join(', ')}) ${select}${conflict}${ret}`;
}

/** Supabase loads pg-safeupdate for the API: PATCH and DELETE need at least one filter. */
function requireWhere(node: ReadNode, verb: 'UPDATE' | 'DELETE'): void {
  if (node.where.length === 0) throw apiError('21000', verb);
}

export function updateSql(
  req: ApiRequest,
  table: Table,
  node: ReadNode,
  input: Body,
  params: Params,
  returning: Returning,
): string {
  const body = input.value;
  if (!isObject(body)) throw apiError('PGRST102');
  const columns = payloadColumns(req, table, body);
  requireWhere(node, 'UPDATE');
  const where = node.where.map((c) => conditionSql(c, node.alias, params)).join(' AND ');
  const alias = ident(node.alias);
  const ret = returningSql(alias, returning);
  if (columns.length === 0)
    return `SELECT ${alias}.* FROM ${qualified(table.schema, table.name)} AS ${alias} WHERE FALSE`;
  const set = columns.map((c) => `${ident(c)} = "_r".${ident(c)}`).join(', ');
  const json = params.add(input.raw, 'json');
  return `UPDATE ${qualified(table.schema, table.name)} AS ${alias} SET ${set} FROM json_to_record(${json}) AS "_r"(${recordDef(table, columns)}) WHERE ${where}${ret}`;
}

export function deleteSql(table: Table, node: ReadNode, params: Params, returning: Returning): string {
  requireWhere(node, 'DELETE');
  const where = node.where.map((c) => conditionSql(c, node.alias, params)).join(' AND ');
  const alias = ident(node.alias);
  return `DELETE FROM ${qualified(table.schema, table.name)} AS ${alias} WHERE ${where}${returningSql(alias, returning)}`;
}
