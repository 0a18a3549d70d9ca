/**
 * @module rest/sql/write — renders a write plan's mutation as a data-modifying CTE: INSERT (with upsert),
 * UPDATE and DELETE; the JSON body is one bound parameter, expanded by `json_to_recordset` into the
 * table's column types.
 */
import type { Mutation, Returning } from '../plan/shape.ts';
import type { Table } from '../schema/types.ts';
import { conditionSql } from './filter.ts';
import { ident, type Params, qualified } from './params.ts';

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
function insertSql(m: Extract<Mutation, { kind: 'insert' }>, params: Params): string {
  const { table, columns } = m;
  const target = qualified(table.schema, table.name);
  const ret = returningSql(target, m.returning);
  if (columns.length === 0) {
    if (m.rows === 0) return `SELECT * FROM ${target} WHERE FALSE`;
    // No columns named: every column takes its default (a zero-column SELECT fills none).
    return `INSERT INTO ${target} SELECT FROM generate_series(1, ${m.rows})${ret}`;
  }
  const json = params.add(m.body.raw, 'json');
  const array = `CASE WHEN json_typeof(${json}) = 'array' THEN ${json} ELSE json_build_array(${json}) END`;
  let select: string;
  if (m.missingDefault) {
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
  if (m.conflict) {
    const onTarget = m.conflict.on.length ? `(${m.conflict.on.map(ident).join(', ')})` : '';
    if (m.conflict.resolution === 'ignore-duplicates') conflict = ` ON CONFLICT ${onTarget} DO NOTHING`;
    else {
      // Count inserts up and conflicts down, as PostgREST does, so an upsert that only updated answers 200.
      select += ` WHERE ${countInserted('+', '0')}`;
      const set = columns.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`).join(', ');
      conflict = ` ON CONFLICT ${onTarget} DO UPDATE SET ${set} WHERE ${countInserted('-', '-1')}`;
    }
  }
  return `INSERT INTO ${target} (${columns.map(ident).join(', ')}) ${select}${conflict}${ret}`;
}

function updateSql(m: Extract<Mutation, { kind: 'update' }>, params: Params): string {
  const { table, node, columns } = m;
  const where = node.where.map((c) => conditionSql(c, node.alias, params)).join(' AND ');
  const alias = ident(node.alias);
  const ret = returningSql(alias, m.returning);
  if (columns.length === 0)
    return `SELECT ${alias}.* FROM ${qualified(table.schema, table.name)} AS ${alias} WHERE FALSE`;
  const set = columns.map((c) => `${ident(c)} = "_r".${ident(c)}`).join(', ');
  const json = params.add(m.body.raw, 'json');
  return `UPDATE ${qualified(table.schema, table.name)} AS ${alias} SET ${set} FROM json_to_record(${json}) AS "_r"(${recordDef(table, columns)}) WHERE ${where}${ret}`;
}

function deleteSql(m: Extract<Mutation, { kind: 'delete' }>, params: Params): string {
  const { table, node } = m;
  const where = node.where.map((c) => conditionSql(c, node.alias, params)).join(' AND ');
  const alias = ident(node.alias);
  return `DELETE FROM ${qualified(table.schema, table.name)} AS ${alias} WHERE ${where}${returningSql(alias, m.returning)}`;
}

export function mutationSql(m: Mutation, params: Params): string {
  if (m.kind === 'insert') return insertSql(m, params);
  if (m.kind === 'update') return updateSql(m, params);
  return deleteSql(m, params);
}
