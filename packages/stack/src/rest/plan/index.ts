/**
 * @module rest/plan — turns an `ApiRequest` into the one statement to run (PostgREST's Plan + Query):
 * reads, writes and function calls, plus how the response is shaped from its single result row.
 */
import { apiError } from '../errors.ts';
import type { ApiRequest } from '../parse/request.ts';
import { key, type SchemaCache, type Table } from '../schema/types.ts';
import { Params } from '../sql/params.ts';
import { selectSql } from '../sql/read.ts';
import { statementSql } from '../sql/statement.ts';
import type { Body } from '../sql/write.ts';
import { planCall } from './call.ts';
import { planRead, type ReadNode } from './read.ts';
import { finish, type PlanOptions, type QueryPlan, SOURCE, shapeFor } from './shape.ts';
import { planWrite } from './write.ts';

export type { PlanOptions, QueryPlan };

function findTable(cache: SchemaCache, req: ApiRequest): Table {
  const table = cache.tables.get(key(req.schema, req.target.name));
  if (!table) {
    const names = [...cache.tables.values()].filter((t) => t.schema === req.schema).map((t) => t.name);
    throw apiError('PGRST205', req.schema, req.target.name, names);
  }
  return table;
}

function countSql(node: ReadNode, req: ApiRequest, params: Params, from?: string): string | null {
  if (!req.prefer.count) return null;
  return selectSql(node, params, { forCount: true, ...(from ? { from } : {}) });
}

export function planRequest(
  cache: SchemaCache,
  req: ApiRequest,
  body: Body | undefined,
  options: PlanOptions,
): QueryPlan {
  if (req.target.kind === 'rpc') return planCall(cache, req, body, options);
  const table = findTable(cache, req);
  const node = planRead(cache, req, { label: table.name, table, columns: table.columns });
  const params = new Params();
  const shape = shapeFor(req);
  if (req.method === 'GET' || req.method === 'HEAD') {
    const source = selectSql(node, params, { maxRows: options.maxRows });
    const count = req.prefer.count === 'planned' ? null : countSql(node, req, params);
    const sql = statementSql(`WITH ${SOURCE} AS (${source})`, {
      shape,
      stripNulls: req.stripNulls,
      countSql: count,
    });
    return finish(
      req,
      { sql, params: params.values, readOnly: true, kind: 'read', single: shape === 'object', empty: false },
      node,
    );
  }
  return planWrite(req, table, node, body, params, shape);
}
