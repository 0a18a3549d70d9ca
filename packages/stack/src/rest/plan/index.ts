/**
 * @module rest/plan — turns an `ApiRequest` into the one statement to run (PostgREST's Plan + Query):
 * reads, writes and function calls, plus how the response is shaped from its single result row.
 */
import { ApiError, invalidBody, tableNotFound } from '../errors.ts';
import { type ApiRequest, applyFilters } from '../parse/request.ts';
import { key, type SchemaCache, type Table } from '../schema/types.ts';
import { ident, Params, qualified } from '../sql/params.ts';
import { selectSql } from '../sql/read.ts';
import { type BodyShape, statementSql } from '../sql/statement.ts';
import { type Body, deleteSql, insertSql, updateSql } from '../sql/write.ts';
import { planRead, type ReadNode } from './read.ts';
import { resolveFunction } from './rpc.ts';

export interface QueryPlan {
  sql: string;
  params: unknown[];
  readOnly: boolean;
  /** EXPLAIN of the count query for Prefer: count=planned|estimated. */
  explain?: { sql: string; params: unknown[] };
  kind: 'read' | 'insert' | 'update' | 'delete' | 'rpc';
  /** The body must be exactly one row (vnd.pgrst.object+json). */
  single: boolean;
  /** No body at all: return=minimal, headers-only, or a void function. */
  empty: boolean;
  offset: number;
  /** headers-only inserts answer with a Location built from the primary key. */
  location?: { table: string; pk: string[] };
  csv: boolean;
  maxAffected?: number;
}

export interface PlanOptions {
  maxRows: number | null;
}

const SOURCE = '"pgrst_source"';

function shapeFor(req: ApiRequest): BodyShape {
  return req.media === 'csv' ? 'csv' : req.media === 'object' ? 'object' : 'json';
}

function findTable(cache: SchemaCache, req: ApiRequest): Table {
  const table = cache.tables.get(key(req.schema, req.target.name));
  if (!table) throw tableNotFound(req.schema, req.target.name);
  return table;
}

function countSql(node: ReadNode, req: ApiRequest, params: Params, from?: string): string | null {
  if (!req.prefer.count) return null;
  return selectSql(node, params, { forCount: true, ...(from ? { from } : {}) });
}

function finish(
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

const EMPTY: Body = { raw: '{}', value: {} };

export function planRequest(
  cache: SchemaCache,
  req: ApiRequest,
  body: Body | undefined,
  options: PlanOptions,
): QueryPlan {
  if (req.target.kind === 'rpc') return planRpc(cache, req, body, options);
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
  const mode = req.prefer.return ?? 'minimal';
  // A count or a max-affected limit needs the affected rows even when the client wants no body.
  const limited =
    req.prefer.handling === 'strict' && req.prefer.maxAffected !== undefined && req.method !== 'POST';
  const returning = mode !== 'minimal' || req.prefer.count !== undefined || limited;
  let mutation: string;
  let kind: QueryPlan['kind'];
  if (req.method === 'POST') {
    kind = 'insert';
    mutation = insertSql(req, table, body ?? EMPTY, params, returning);
  } else if (req.method === 'PATCH') {
    kind = 'update';
    mutation = updateSql(req, table, node, body ?? EMPTY, params, returning);
  } else if (req.method === 'DELETE') {
    kind = 'delete';
    mutation = deleteSql(table, node, params, returning);
  } else throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
  // Filters went into the mutation; the representation reads the affected rows as they are.
  const rep: ReadNode = { ...node, where: [] };
  let withSql = `WITH "pgrst_mutation" AS (${mutation})`;
  let sql: string;
  if (mode === 'representation') {
    withSql += `, ${SOURCE} AS (${selectSql(rep, params, { from: `"pgrst_mutation" AS ${ident(rep.alias)}` })})`;
    sql = statementSql(withSql, {
      shape,
      stripNulls: req.stripNulls,
      countSql: req.prefer.count ? 'SELECT 1 FROM "pgrst_mutation"' : null,
    });
  } else if (mode === 'headers-only' && kind === 'insert') {
    const pk = table.pk.map((c) => `${ident(c)}`).join(', ') || '1 AS "x"';
    withSql += `, ${SOURCE} AS (SELECT ${pk} FROM "pgrst_mutation")`;
    sql = statementSql(withSql, { shape: 'json' });
  } else if (req.prefer.count || limited) {
    withSql += `, ${SOURCE} AS (SELECT 1 AS "x" FROM "pgrst_mutation")`;
    sql = statementSql(withSql, {
      shape: 'json',
      countSql: req.prefer.count ? 'SELECT 1 FROM "pgrst_mutation"' : null,
    });
  } else {
    sql = statementSql(withSql, { shape: 'none' });
  }
  return finish(
    req,
    {
      sql,
      params: params.values,
      readOnly: false,
      kind,
      single: shape === 'object' && mode === 'representation',
      ...(limited ? { maxAffected: req.prefer.maxAffected } : {}),
      empty: mode !== 'representation',
      ...(mode === 'headers-only' && kind === 'insert'
        ? { location: { table: table.name, pk: table.pk } }
        : {}),
    },
    null,
  );
}

function planRpc(
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
    if (body !== undefined && (typeof body !== 'object' || body === null))
      throw invalidBody('Empty or invalid json');
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
    node = planRead(cache, req, { label: fn.name, table, columns });
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
    },
    node,
    from,
  );
}

export { qualified };
