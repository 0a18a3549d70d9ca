/**
 * @module rest/sql/render — turns a plan into the one statement the executor runs (PostgREST's Query):
 * every value a bound parameter, every name checked by the planner; rendering never fails on a request.
 */
import type { From, QueryPlan, Source } from '../plan/shape.ts';
import { callSql } from './call.ts';
import { ident, Params } from './params.ts';
import { selectSql } from './read.ts';
import { statementSql } from './statement.ts';
import { mutationSql } from './write.ts';

export interface Statement {
  sql: string;
  params: unknown[];
  /** EXPLAIN of the count query for Prefer: count=planned|estimated. */
  estimate?: { sql: string; params: unknown[] };
}

const SOURCE = '"pgrst_source"';

/** The FROM item of a read's top level. */
function fromSql(from: From, params: Params): string | undefined {
  if (from.kind === 'table') return undefined;
  // The call is the first level planned, so its alias is always "t0".
  return `${callSql(from.call, params)} AS "t0"${from.scalar ? '("pgrst_scalar")' : ''}`;
}

/** `WITH … "pgrst_source" AS (…)`, and the query counting its rows when asked. */
function sourceSql(source: Source, count: boolean, params: Params): { with: string; count: string | null } {
  if (source.kind === 'void') {
    // Read from the call so it runs.
    return { with: `WITH ${SOURCE} AS (SELECT 1 FROM ${callSql(source.call, params)} AS "t0")`, count: null };
  }
  if (source.kind === 'read') {
    const { node } = source;
    const from = fromSql(source.from, params);
    const read = selectSql(node, params, { maxRows: source.maxRows, ...(from ? { from } : {}) });
    const counted = count ? selectSql(node, params, { forCount: true, ...(from ? { from } : {}) }) : null;
    return { with: `WITH ${SOURCE} AS (${read})`, count: counted };
  }
  const mutation = mutationSql(source.mutation, params);
  let read = 'SELECT 1 FROM "pgrst_mutation"';
  const rep = source.representation;
  if (rep) read = selectSql(rep, params, { from: `"pgrst_mutation" AS ${ident(rep.alias)}` });
  else if (source.keys)
    read = `SELECT ${source.keys.map((c) => ident(c)).join(', ') || '1 AS "x"'} FROM "pgrst_mutation"`;
  return {
    with: `WITH "pgrst_mutation" AS (${mutation}), ${SOURCE} AS (${read})`,
    count: count ? 'SELECT 1 FROM "pgrst_mutation"' : null,
  };
}

/**
 * @example renderPlan(planRequest(cache, req, undefined, { maxRows: null }))
 *   // → { sql: 'WITH "pgrst_source" AS (SELECT … WHERE "t0"."id" = $1) SELECT …', params: ['1'] }
 */
export function renderPlan(plan: QueryPlan): Statement {
  const { query } = plan;
  const params = new Params();
  const source = sourceSql(query.source, query.count, params);
  let sql = statementSql(source.with, {
    shape: query.shape,
    stripNulls: query.stripNulls,
    countSql: source.count,
    inserted: query.inserted,
  });
  if (plan.planOutput) {
    const media = plan.planOutput;
    const options = [`FORMAT ${media.format.toUpperCase()}`, ...media.options.map((o) => o.toUpperCase())];
    sql = `EXPLAIN (${options.join(', ')}) ${sql}`;
  }
  const statement: Statement = { sql, params: params.values };
  if (plan.estimate) {
    const p = new Params();
    const { node } = plan.estimate;
    const from = fromSql(plan.estimate.from, p);
    const counted = selectSql(node, p, { forCount: true, ...(from ? { from } : {}) });
    statement.estimate = { sql: `EXPLAIN (FORMAT JSON) ${counted}`, params: p.values };
  }
  return statement;
}
