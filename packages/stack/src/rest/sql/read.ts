/**
 * @module rest/sql/read — renders a read plan tree as one SELECT: embeddings become lateral joins that
 * aggregate the related rows to JSON, so the whole response body is built inside Postgres.
 */
import { type Embed, type OutField, type ReadNode, safeType } from '../plan/read.ts';
import { conditionSql, fieldSql, orderSql } from './filter.ts';
import { ident, type Params, qualified } from './params.ts';

export interface SelectOptions {
  /** The FROM item, e.g. `"public"."countries" AS "t0"`; defaults to the node's table. */
  from?: string;
  /** Extra WHERE terms (the join condition of an embedding). */
  join?: string[];
  /** Only count rows: no select list, order or range. */
  forCount?: boolean;
  /** Cap for the row count (max_rows). */
  maxRows?: number | null;
}

function cast(sql: string, type: string | undefined): string {
  if (!type) return sql;
  const t = safeType(type);
  // The planner refused every other cast (checkCasts): this is never reached from a request.
  if (!t) throw new Error(`cast to ${JSON.stringify(type)} was not checked by the planner`);
  return `CAST(${sql} AS ${t})`;
}

/** One select-list entry; `aggregate` entries are left out of the GROUP BY. */
interface Entry {
  sql: string;
  aggregate: boolean;
}

const plain = (sql: string): Entry => ({ sql, aggregate: false });

function aggregateSql(node: ReadNode, f: Extract<OutField, { kind: 'aggregate' }>, params: Params): string {
  const arg = f.field ? cast(fieldSql(node.alias, f.field.name, f.field.path, params), f.cast) : '*';
  return `${cast(`${f.fn}(${arg})`, f.resultCast)} AS ${ident(f.key)}`;
}

/**
 * The select list. With an aggregate on this level every other entry is grouped by, so stars (the
 * node's and a to-one spread's) are spelled out column by column for GROUP BY to name them.
 */
function fieldList(node: ReadNode, params: Params): Entry[] {
  const grouped = node.fields.some((f) => f.kind === 'aggregate');
  const out: Entry[] = [];
  for (const f of node.fields as OutField[]) {
    if (f.kind === 'star') {
      if (!grouped) out.push(plain(`${ident(node.alias)}.*`));
      else for (const c of node.columns.keys()) out.push(plain(`${ident(node.alias)}.${ident(c)}`));
    } else if (f.kind === 'aggregate') out.push({ sql: aggregateSql(node, f, params), aggregate: true });
    else if (f.kind === 'computed')
      out.push(
        plain(
          `${cast(`${qualified(f.fn.schema, f.fn.name)}(${ident(node.alias)})`, f.cast)} AS ${ident(f.key)}`,
        ),
      );
    else
      out.push(
        plain(`${cast(fieldSql(node.alias, f.field.name, f.field.path, params), f.cast)} AS ${ident(f.key)}`),
      );
  }
  for (const e of node.embeds) {
    const j = ident(`${e.node.alias}_j`);
    if (e.hidden) continue;
    if (e.spread && grouped) for (const k of spreadKeys(e)) out.push(plain(`${j}.${ident(k)}`));
    else if (e.spread) out.push(plain(`${j}.*`));
    else if (e.toOne) out.push(plain(`${j}."body" AS ${ident(e.key)}`));
    else out.push(plain(`COALESCE(${j}."body", '[]') AS ${ident(e.key)}`));
  }
  return out;
}

/** The columns a spread embedding adds to its parent. */
function spreadKeys(e: Embed): string[] {
  const star = e.node.fields.some((f) => f.kind === 'star');
  return [...(star ? e.node.columns.keys() : []), ...outputKeys(e.node)];
}

/** `GROUP BY 1, 3` over the entries that are not aggregates, when some are. */
function groupBy(list: Entry[]): string {
  if (!list.some((e) => e.aggregate)) return '';
  const positions = list.flatMap((e, i) => (e.aggregate ? [] : [String(i + 1)]));
  return positions.length ? ` GROUP BY ${positions.join(', ')}` : '';
}

/** The names a node's SELECT gives its columns (stars are expanded by the planner where this matters). */
function outputKeys(node: ReadNode): string[] {
  const keys: string[] = [];
  for (const f of node.fields) if (f.kind !== 'star') keys.push(f.key);
  for (const e of node.embeds) if (!e.hidden && !e.spread) keys.push(e.key);
  return keys;
}

/** The lateral join that brings one embedding's rows into its parent's row. */
function embedJoin(parent: ReadNode, e: Embed, params: Params): string {
  const child = e.node;
  const target = e.rel.target;
  const c = ident(child.alias);
  const p = ident(parent.alias);
  let from = `${qualified(target.schema, target.name)} AS ${c}`;
  const join: string[] = [];
  const jn = e.rel.junction;
  const fn = e.rel.computed;
  if (fn) from = `${qualified(fn.schema, fn.name)}(${p}) AS ${c}`;
  else if (jn) {
    const x = ident(`${child.alias}_x`);
    const on = jn.targetPairs.map(([jc, tc]) => `${x}.${ident(jc)} = ${c}.${ident(tc)}`).join(' AND ');
    from += ` INNER JOIN ${qualified(jn.table.schema, jn.table.name)} AS ${x} ON ${on}`;
    for (const [jc, sc] of jn.sourcePairs) join.push(`${x}.${ident(jc)} = ${p}.${ident(sc)}`);
  } else {
    for (const [sc, tc] of e.rel.pairs) join.push(`${c}.${ident(tc)} = ${p}.${ident(sc)}`);
  }
  const inner = selectSql(child, params, { from, join });
  const r = ident(`${child.alias}_r`);
  const kind = e.inner ? 'INNER JOIN LATERAL' : 'LEFT JOIN LATERAL';
  const alias = ident(`${child.alias}_j`);
  if (e.spread && e.toOne) return ` ${kind} (${inner}) AS ${alias} ON TRUE`;
  if (e.spread) {
    // PostgREST 13's to-many spread: every column of the related rows becomes an array.
    const arrays = outputKeys(child).map(
      (k) => `COALESCE(json_agg(${r}.${ident(k)}), '[]')::jsonb AS ${ident(k)}`,
    );
    const having = e.inner ? ' HAVING count(*) > 0' : '';
    return ` ${kind} (SELECT ${arrays.join(', ') || 'NULL'} FROM (${inner}) AS ${r}${having}) AS ${alias} ON TRUE`;
  }
  if (e.toOne)
    return ` ${kind} (SELECT row_to_json(${r})::jsonb AS "body" FROM (${inner}) AS ${r}) AS ${alias} ON TRUE`;
  const having = e.inner ? ' HAVING count(*) > 0' : '';
  return ` ${kind} (SELECT json_agg(${r})::jsonb AS "body" FROM (${inner}) AS ${r}${having}) AS ${alias} ON TRUE`;
}

/** Renders `node` as a SELECT over its table (or `options.from`). */
export function selectSql(node: ReadNode, params: Params, options: SelectOptions = {}): string {
  const from =
    options.from ?? `${qualified(node.table?.schema ?? '', node.table?.name ?? '')} AS ${ident(node.alias)}`;
  const joins = node.embeds.map((e) => embedJoin(node, e, params)).join('');
  const embedAlias = (name: string) => {
    const e = node.embeds.find((x) => x.key === name);
    return e ? `${ident(`${e.node.alias}_j`)}."body"` : null;
  };
  const where = [
    ...(options.join ?? []),
    ...node.where.map((c) => conditionSql(c, node.alias, params, embedAlias)),
  ];
  const whereSql = where.length ? ` WHERE ${where.join(' AND ')}` : '';
  // A to-one embedding's column, read from its JSON (spreads expose the columns themselves).
  const related = (relation: string, column: string) => {
    const e = node.embeds.find((x) => x.key === relation);
    const j = ident(`${e?.node.alias}_j`);
    return e?.spread ? `${j}.${ident(column)}` : `(${j}."body"->${params.add(column, 'text')})`;
  };
  if (options.forCount) return `SELECT 1 FROM ${from}${joins}${whereSql}`;
  const list = fieldList(node, params);
  const select = list.map((e) => e.sql).join(', ') || 'NULL';
  let sql = `SELECT ${select} FROM ${from}${joins}${whereSql}${groupBy(list)}${orderSql(node.order, node.alias, params, related)}`;
  let limit = node.range.limit;
  if (options.maxRows != null) limit = Math.min(limit ?? options.maxRows, options.maxRows);
  if (limit !== undefined) sql += ` LIMIT ${params.add(String(limit), 'bigint')}`;
  if (node.range.offset) sql += ` OFFSET ${params.add(String(node.range.offset), 'bigint')}`;
  return sql;
}
