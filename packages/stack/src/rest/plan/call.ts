/**
 * @module rest/plan/call — plans `/rpc/<fn>`: arguments from the JSON body (POST) or the query string
 * (GET), the call as the FROM item, and the result read like a table (set-returning) or as one value.
 */
import { apiError } from '../errors.ts';
import { type ApiRequest, applyFilters, type Body } from '../parse/request.ts';
import { key, type SchemaCache } from '../schema/types.ts';
import { checkCasts, planRead, type ReadNode } from './read.ts';
import { resolveFunction } from './rpc.ts';
import { type BodyShape, type From, finish, type PlanOptions, type QueryPlan, shapeFor } from './shape.ts';

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
  const call = resolveFunction(cache, req, args, raw);
  const { fn } = call;
  const r = fn.returns;
  if (r.kind === 'void') {
    // Read from the call so it runs; the body is dropped (204).
    return finish(
      req,
      {
        query: {
          source: { kind: 'void', call },
          shape: 'json',
          stripNulls: false,
          count: false,
          inserted: false,
        },
        readOnly: get || fn.volatility !== 'v',
        kind: 'rpc',
        single: false,
        empty: true,
      },
      null,
    );
  }
  let node: ReadNode;
  const from: From = { kind: 'call', call, scalar: r.kind === 'scalar' };
  if (r.kind === 'scalar') {
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
    node = planRead(cache, req, { label: fn.name, sqlName: 'pgrst_call', table, columns });
  }
  checkCasts(node);
  let shape: BodyShape = shapeFor(req);
  const oneValue = !fn.returnsSet && req.media !== 'csv';
  if (r.kind === 'scalar' && req.media !== 'csv') shape = fn.returnsSet ? 'scalar-set' : 'scalar';
  else if (oneValue && shape === 'json') shape = 'object';
  return finish(
    req,
    {
      query: {
        source: { kind: 'read', node, from, maxRows: fn.returnsSet ? options.maxRows : null },
        shape,
        stripNulls: req.stripNulls,
        count: req.prefer.count !== undefined && req.prefer.count !== 'planned',
        inserted: false,
      },
      readOnly: get || fn.volatility !== 'v',
      kind: 'rpc',
      single: req.media === 'object',
      empty: false,
      // handling=strict with max-affected: more rows than allowed fail the call and roll it back.
      ...(req.prefer.handling === 'strict' && req.prefer.maxAffected !== undefined
        ? { maxAffected: req.prefer.maxAffected }
        : {}),
    },
    { node, from },
  );
}
