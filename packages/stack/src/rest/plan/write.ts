/**
 * @module rest/plan/write — plans POST, PUT, PATCH and DELETE: the data-modifying CTE, what it returns,
 * and the representation read back from the written rows.
 */
import { apiError } from '../errors.ts';
import type { ApiRequest } from '../parse/request.ts';
import type { Table } from '../schema/types.ts';
import { ident, type Params } from '../sql/params.ts';
import { selectSql } from '../sql/read.ts';
import type { BodyShape } from '../sql/statement.ts';
import { statementSql } from '../sql/statement.ts';
import { type Body, deleteSql, insertSql, type Returning, updateSql } from '../sql/write.ts';
import type { ReadNode } from './read.ts';
import { finish, type QueryPlan, SOURCE } from './shape.ts';

const EMPTY: Body = { raw: '{}', value: {} };

/**
 * PUT upserts the one row its primary-key filters name: the filters must be exactly `pk=eq.value`
 * for every key column, no ranges, and the payload must carry the same key values.
 */
function putRequest(req: ApiRequest, table: Table, node: ReadNode, body: Body | undefined): ApiRequest {
  const eqs = new Map<string, string>();
  for (const c of node.where) {
    if (
      c.kind !== 'filter' ||
      c.op !== 'eq' ||
      c.negate ||
      c.field.path.length ||
      typeof c.value !== 'string'
    )
      eqs.clear();
    else eqs.set(c.field.name, c.value);
    if (eqs.size === 0) break;
  }
  const exact = table.pk.length > 0 && eqs.size === table.pk.length && table.pk.every((k) => eqs.has(k));
  if (!exact || eqs.size !== node.where.length) {
    throw apiError('PGRST105');
  }
  const range = req.ranges.get('');
  if (range?.limit !== undefined || range?.offset !== undefined) {
    throw apiError('PGRST114');
  }
  const payload = body?.value;
  const row = (Array.isArray(payload) && payload.length === 1 ? payload[0] : payload) as Record<
    string,
    unknown
  >;
  if (
    !row ||
    typeof row !== 'object' ||
    table.pk.some((k) => row[k] === undefined || String(row[k]) !== eqs.get(k))
  ) {
    throw apiError('PGRST115');
  }
  return { ...req, prefer: { ...req.prefer, resolution: 'merge-duplicates' }, onConflict: table.pk };
}

/** The columns a representation reads from the written rows, or 'row' when it needs them all. */
function neededColumns(node: ReadNode): Returning {
  const cols = new Set<string>();
  for (const f of node.fields) {
    if (f.kind !== 'column') return 'row';
    cols.add(f.field.name);
  }
  for (const e of node.embeds) {
    // A computed relationship's function takes the whole row.
    if (e.rel.computed) return 'row';
    if (e.rel.junction) for (const [, sc] of e.rel.junction.sourcePairs) cols.add(sc);
    else for (const [sc] of e.rel.pairs) cols.add(sc);
  }
  for (const o of node.order) if (o.relation === undefined) cols.add(o.field.name);
  return [...cols];
}

export function planWrite(
  req: ApiRequest,
  table: Table,
  node: ReadNode,
  body: Body | undefined,
  params: Params,
  shape: BodyShape,
): QueryPlan {
  const mode = req.prefer.return ?? 'minimal';
  const limited =
    req.prefer.handling === 'strict' && req.prefer.maxAffected !== undefined && req.method !== 'POST';
  // Like PostgREST, minimal writes still return `1` per row, so the page size counts affected rows.
  const returning: Returning =
    mode === 'minimal' ? 'one' : mode === 'headers-only' ? table.pk : neededColumns({ ...node, where: [] });
  let mutation: string;
  let kind: QueryPlan['kind'];
  if (req.method === 'POST') {
    kind = 'insert';
    mutation = insertSql(req, table, body ?? EMPTY, params, returning);
  } else if (req.method === 'PUT') {
    kind = 'upsert';
    mutation = insertSql(putRequest(req, table, node, body), table, body ?? EMPTY, params, returning);
  } else if (req.method === 'PATCH') {
    kind = 'update';
    mutation = updateSql(req, table, node, body ?? EMPTY, params, returning);
  } else if (req.method === 'DELETE') {
    kind = 'delete';
    mutation = deleteSql(table, node, params, returning);
  } else throw apiError('PGRST117', req.method);
  // Filters went into the mutation; the representation reads the affected rows as they are.
  const rep: ReadNode = { ...node, where: [] };
  let source = 'SELECT 1 FROM "pgrst_mutation"';
  let bodyShape: BodyShape = 'none';
  if (mode === 'representation') {
    source = selectSql(rep, params, { from: `"pgrst_mutation" AS ${ident(rep.alias)}` });
    bodyShape = shape;
  } else if (mode === 'headers-only' && kind === 'insert') {
    source = `SELECT ${table.pk.map((c) => ident(c)).join(', ') || '1 AS "x"'} FROM "pgrst_mutation"`;
    bodyShape = 'json';
  }
  const sql = statementSql(`WITH "pgrst_mutation" AS (${mutation}), ${SOURCE} AS (${source})`, {
    shape: bodyShape,
    stripNulls: req.stripNulls,
    countSql: req.prefer.count ? 'SELECT 1 FROM "pgrst_mutation"' : null,
    inserted: kind === 'upsert' || (kind === 'insert' && req.prefer.resolution === 'merge-duplicates'),
  });
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
