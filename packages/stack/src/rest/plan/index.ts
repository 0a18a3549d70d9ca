/**
 * @module rest/plan — turns an `ApiRequest` into a plan (PostgREST's Plan): reads, writes and function
 * calls as data, plus how the response is shaped from its single result row. SQL is rendered after.
 */
import { apiError } from '../errors.ts';
import type { ApiRequest, Body } from '../parse/request.ts';
import { key, type SchemaCache, type Table } from '../schema/types.ts';
import { planCall } from './call.ts';
import { checkCasts, planRead } from './read.ts';
import { finish, type PlanOptions, type QueryPlan, shapeFor } from './shape.ts';
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

/** Plans the request: a value that sql/render.ts turns into the statement. Bad requests throw here. */
export function planRequest(
  cache: SchemaCache,
  req: ApiRequest,
  body: Body | undefined,
  options: PlanOptions,
): QueryPlan {
  if (req.target.kind === 'rpc') return planCall(cache, req, body, options);
  const table = findTable(cache, req);
  const node = planRead(cache, req, { label: table.name, table, columns: table.columns });
  const shape = shapeFor(req);
  if (req.method !== 'GET' && req.method !== 'HEAD') return planWrite(req, table, node, body, shape);
  checkCasts(node);
  return finish(
    req,
    {
      query: {
        source: { kind: 'read', node, from: { kind: 'table' }, maxRows: options.maxRows },
        shape,
        stripNulls: req.stripNulls,
        count: req.prefer.count !== undefined && req.prefer.count !== 'planned',
        inserted: false,
      },
      readOnly: true,
      kind: 'read',
      single: shape === 'object',
      empty: false,
    },
    { node, from: { kind: 'table' } },
  );
}
