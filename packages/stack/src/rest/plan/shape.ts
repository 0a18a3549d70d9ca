/**
 * @module rest/plan/shape — what a plan hands the executor and the response: the statement, its
 * parameters, and how to read its one result row (single object, empty body, ranges, EXPLAIN counts).
 */
import type { ApiRequest, PlanMedia } from '../parse/request.ts';
import { Params } from '../sql/params.ts';
import { selectSql } from '../sql/read.ts';
import type { BodyShape } from '../sql/statement.ts';
import type { ReadNode } from './read.ts';

export interface QueryPlan {
  sql: string;
  params: unknown[];
  readOnly: boolean;
  /** EXPLAIN of the count query for Prefer: count=planned|estimated. */
  explain?: { sql: string; params: unknown[] };
  kind: 'read' | 'insert' | 'upsert' | 'update' | 'delete' | 'rpc';
  /** The body must be exactly one row (vnd.pgrst.object+json). */
  single: boolean;
  /** No body at all: return=minimal, headers-only, or a void function. */
  empty: boolean;
  offset: number;
  /** headers-only inserts answer with a Location built from the primary key. */
  location?: { table: string; pk: string[] };
  csv: boolean;
  maxAffected?: number;
  /** The statement is wrapped in EXPLAIN: answer its plan (rows of "QUERY PLAN"). */
  planOutput?: PlanMedia;
}

export interface PlanOptions {
  maxRows: number | null;
}

export const SOURCE = '"pgrst_source"';

export function shapeFor(req: ApiRequest): BodyShape {
  return req.media === 'csv' ? 'csv' : req.media === 'object' ? 'object' : 'json';
}

export function finish(
  req: ApiRequest,
  base: Omit<QueryPlan, 'explain' | 'csv' | 'offset'>,
  node: ReadNode | null,
  countFrom?: string,
): QueryPlan {
  const plan: QueryPlan = { ...base, offset: node?.range.offset ?? 0, csv: req.media === 'csv' };
  if (
    node &&
    (req.prefer.count === 'planned' || req.prefer.count === 'estimated') &&
    base.kind !== 'insert'
  ) {
    const p = new Params();
    const sql = selectSql(node, p, { forCount: true, ...(countFrom ? { from: countFrom } : {}) });
    plan.explain = { sql: `EXPLAIN (FORMAT JSON) ${sql}`, params: p.values };
  }
  return plan;
}
