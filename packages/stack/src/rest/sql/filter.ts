/**
 * @module rest/sql/filter — renders filter trees and orders as SQL over one table alias; every value is a
 * bound parameter, every column already checked against the schema cache.
 */
import type { Condition, Filter, OrderTerm } from '../parse/filter.ts';
import type { JsonStep } from '../parse/select.ts';
import { ident, type Params } from './params.ts';

/** `"t0"."data"->'a'->>'b'` with the keys bound; integer keys index arrays, as in PostgREST. */
export function fieldSql(alias: string, name: string, path: JsonStep[], params: Params): string {
  let sql = `${ident(alias)}.${ident(name)}`;
  for (const step of path) {
    const k = /^-?\d+$/.test(step.key) ? String(Number(step.key)) : params.add(step.key, 'text');
    sql += `${step.arrow}${k}`;
  }
  return sql;
}

const SIMPLE: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'LIKE',
  ilike: 'ILIKE',
  match: '~',
  imatch: '~*',
  isdistinct: 'IS DISTINCT FROM',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};
const FTS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};
const IS: Record<string, string> = {
  null: 'NULL',
  not_null: 'NOT NULL',
  true: 'TRUE',
  false: 'FALSE',
  unknown: 'UNKNOWN',
};

/** A Postgres array literal from a list, each element quoted so commas and braces stay data. */
export const arrayLiteral = (items: string[]) =>
  `{${items.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

const likePattern = (v: string) => v.replaceAll('*', '%');

function filterSql(
  f: Filter,
  alias: string,
  params: Params,
  embedAlias?: (name: string) => string | null,
): string {
  const embedded = embedAlias?.(f.field.name);
  const lhs = embedded ?? fieldSql(alias, f.field.name, f.field.path, params);
  let sql: string;
  const value = f.value;
  if (f.op === 'is') sql = `${lhs} IS ${IS[String(value).toLowerCase()]}`;
  else if (f.op === 'in') sql = `${lhs} = ANY(${params.add(arrayLiteral(value as string[]))})`;
  else if (FTS[f.op]) {
    const lang = f.lang ? `${params.add(f.lang, 'regconfig')}, ` : '';
    sql = `${lhs} @@ ${FTS[f.op]}(${lang}${params.add(value)})`;
  } else if (f.quantifier) {
    const list = (value as string[]).map((v) => (f.op === 'like' || f.op === 'ilike' ? likePattern(v) : v));
    sql = `${lhs} ${SIMPLE[f.op]} ${f.quantifier.toUpperCase()}(${params.add(arrayLiteral(list))})`;
  } else {
    const v = f.op === 'like' || f.op === 'ilike' ? likePattern(String(value)) : value;
    sql = `${lhs} ${SIMPLE[f.op]} ${params.add(v)}`;
  }
  return f.negate ? `NOT (${sql})` : sql;
}

export function conditionSql(
  c: Condition,
  alias: string,
  params: Params,
  embedAlias?: (name: string) => string | null,
): string {
  if (c.kind === 'filter') return filterSql(c, alias, params, embedAlias);
  const inner = c.children
    .map((x) => conditionSql(x, alias, params, embedAlias))
    .join(c.op === 'and' ? ' AND ' : ' OR ');
  return c.negate ? `NOT (${inner})` : `(${inner})`;
}

export function orderSql(
  terms: OrderTerm[],
  alias: string,
  params: Params,
  related?: (relation: string, column: string) => string,
): string {
  if (!terms.length) return '';
  const parts = terms.map((t) => {
    let s =
      t.relation !== undefined && related
        ? related(t.relation, t.field.name)
        : fieldSql(alias, t.field.name, t.field.path, params);
    if (t.dir) s += t.dir === 'desc' ? ' DESC' : ' ASC';
    if (t.nulls) s += t.nulls === 'first' ? ' NULLS FIRST' : ' NULLS LAST';
    return s;
  });
  return ` ORDER BY ${parts.join(', ')}`;
}
