/**
 * @module rest/plan/call — plans `/rpc/<fn>`: arguments from the JSON body (POST) or the query string
 * (GET), the call as the FROM item, and the result read like a table (set-returning) or as one value.
 */
import { apiError } from '../errors.ts';
import { type ApiRequest, applyFilters } from '../parse/request.ts';
import { key, type SchemaCache } from '../schema/types.ts';
import { Params } from '../sql/params.ts';
import { selectSql } from '../sql/read.ts';
import { type BodyShape, statementSql } from '../sql/statement.ts';
import type { Body } from '../sql/write.ts';
import { planRead, type ReadNode } from './read.ts';
import { resolveFunction } from './rpc.ts';
import { finish, type PlanOptions, type QueryPlan, SOURCE, shapeFor } from './shape.ts';

export function planCall(
  cache: SchemaCache,
  req: ApiRequest,
  input: Body | undefined,
  options: PlanOptions,
): QueryPlan {
  const get = req.method === 'GET' || req.method === 'HEAD';
  let args: Record<string, unknown> | null;
  if (get) {
    const candidates = new Set(
      (cache.functions.get(key(req.schema, req.target.name)) ?? []).flatMap((f) => f.args.map((a) => a.name)),
    );
    args = {};
    const rest: [string, string][] = [];
    for (const [k, v] of req.rawFilters) {
      if (candidates.has(k)) args[k] = v;
      else rest.push([k, v]);
    }
    applyFilters(req, rest);
  } else {
    const body = input?.value;
    if (body !== undefined && (typeof body !== 'object' || body === null)) throw apiError('PGRST102');
    args = Array.isArray(body) ? null : ((body as Record<string, unknown> | undefined) ?? {});
  }
  const raw = get ? JSON.stringify(args) : (input?.raw ?? '{}');
  const { fn, call } = resolveFunction(cache, req, args, raw);
  const params = new Params();
  const callSql = call(params);
  const r = fn.returns;
  if (r.kind === 'void') {
    // Read from the call so it runs; the body is dropped (204).
    const sql = statementSql(`WITH ${SOURCE} AS (SELECT 1 FROM ${callSql} AS "t0")`, { shape: 'json' });
    return finish(
      req,
      {
        sql,
        params: params.values,
        readOnly: get || fn.volatility !== 'v',
        kind: 'rpc',
        single: false,
        empty: true,
      },
      null,
    );
  }
  let node: ReadNode;
  let from: string;
  if (r.kind === 'scalar') {
    from = `${callSql} AS "t0"("pgrst_scalar")`;
    node = planRead(
      cache,
      { ...req, select: [{ kind: 'field', name: 'pgrst_scalar', path: [] }] },
      {
        label: fn.name,
        sqlName: 'pgrst_call',
        table: null,
        columns: new Map([
          ['pgrst_scalar', { name: 'pgrst_scalar', type: r.type, notNull: false, default: null }],
        ]),
      },
    );
  } else {
    const table = r.kind === 'table' ? r.table : null;
    const columns = r.kind === 'table' ? r.table.columns : new Map(r.columns.map((c) => [c.name, c]));
    from = `${callSql} AS "t0"`;
    node = planRead(cache, req, { label: fn.name, sqlName: 'pgrst_call', table, columns });
  }
  const source = selectSql(node, params, { from, maxRows: fn.returnsSet ? options.maxRows : null });
  const count =
    req.prefer.count && req.prefer.count !== 'planned'
      ? selectSql(node, params, { forCount: true, from })
      : null;
  let shape: BodyShape = shapeFor(req);
  const oneValue = !fn.returnsSet && req.media !== 'csv';
  if (r.kind === 'scalar' && req.media !== 'csv') shape = fn.returnsSet ? 'scalar-set' : 'scalar';
  else if (oneValue && shape === 'json') shape = 'object';
  const sql = statementSql(`WITH ${SOURCE} AS (${source})`, {
    shape,
    stripNulls: req.stripNulls,
    countSql: count,
  });
  return finish(
    req,
    {
      sql,
      params: params.values,
      readOnly: get || fn.volatility !== 'v',
      kind: 'rpc',
      single: req.media === 'object',
      empty: false,
      // handling=strict with max-affected: more rows than allowed fail the call and roll it back.
      ...(req.prefer.handling === 'strict' && req.prefer.maxAffected !== undefined
        ? { maxAffected: req.prefer.maxAffected }
        : {}),
    },
    node,
    from,
  );
}
