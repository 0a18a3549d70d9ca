/**
 * @module rest/plan/write — plans POST, PUT, PATCH and DELETE: which columns the payload writes, the
 * conflict target, what the written rows return, and the representation read back from them.
 */
import { apiError } from '../errors.ts';
import type { ApiRequest, Body } from '../parse/request.ts';
import type { Table } from '../schema/types.ts';
import { checkCasts, type ReadNode } from './read.ts';
import { type BodyShape, finish, type Mutation, type QueryPlan, type Returning } from './shape.ts';

const EMPTY: Body = { raw: '{}', value: {} };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The columns a payload writes: `?columns=` when given, else the keys (all objects must agree). */
function payloadColumns(req: ApiRequest, table: Table, body: unknown): string[] {
  let columns: string[];
  if (req.columns) columns = req.columns;
  else if (Array.isArray(body)) {
    if (!body.every(isObject)) throw apiError('PGRST102', 'All object keys must match');
    const first = Object.keys(body[0] ?? {});
    const same = body.every((o) => {
      const keys = Object.keys(o);
      return keys.length === first.length && keys.every((k) => first.includes(k));
    });
    if (!same) throw apiError('PGRST102', 'All object keys must match');
    columns = first;
  } else if (isObject(body)) columns = Object.keys(body);
  else throw apiError('PGRST102');
  for (const c of columns) if (!table.columns.has(c)) throw apiError('PGRST204', table.name, c);
  return columns;
}

function planInsert(req: ApiRequest, table: Table, input: Body, returning: Returning): Mutation {
  const columns = payloadColumns(req, table, input.value);
  let conflict: Extract<Mutation, { kind: 'insert' }>['conflict'] = null;
  if (req.prefer.resolution) {
    const on = req.onConflict ?? table.pk;
    // Without columns nothing conflicts: the target is not looked at.
    if (columns.length > 0)
      for (const c of on)
        if (!table.columns.has(c)) throw apiError('42703', table.name, c, table.columns.keys());
    conflict = { on, resolution: req.prefer.resolution };
  }
  return {
    kind: 'insert',
    table,
    columns,
    rows: Array.isArray(input.value) ? input.value.length : 1,
    body: input,
    missingDefault: req.prefer.missing === 'default',
    conflict,
    returning,
  };
}

/** Supabase loads pg-safeupdate for the API: PATCH and DELETE need at least one filter. */
function requireWhere(node: ReadNode, verb: 'UPDATE' | 'DELETE'): void {
  if (node.where.length === 0) throw apiError('21000', verb);
}

function planUpdate(
  req: ApiRequest,
  table: Table,
  node: ReadNode,
  input: Body,
  returning: Returning,
): Mutation {
  if (!isObject(input.value)) throw apiError('PGRST102');
  const columns = payloadColumns(req, table, input.value);
  requireWhere(node, 'UPDATE');
  return { kind: 'update', table, node, columns, body: input, returning };
}

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
  shape: BodyShape,
): QueryPlan {
  const mode = req.prefer.return ?? 'minimal';
  const limited =
    req.prefer.handling === 'strict' && req.prefer.maxAffected !== undefined && req.method !== 'POST';
  // Like PostgREST, minimal writes still return `1` per row, so the page size counts affected rows.
  const returning: Returning =
    mode === 'minimal' ? 'one' : mode === 'headers-only' ? table.pk : neededColumns({ ...node, where: [] });
  let mutation: Mutation;
  let kind: QueryPlan['kind'];
  if (req.method === 'POST') {
    kind = 'insert';
    mutation = planInsert(req, table, body ?? EMPTY, returning);
  } else if (req.method === 'PUT') {
    kind = 'upsert';
    mutation = planInsert(putRequest(req, table, node, body), table, body ?? EMPTY, returning);
  } else if (req.method === 'PATCH') {
    kind = 'update';
    mutation = planUpdate(req, table, node, body ?? EMPTY, returning);
  } else if (req.method === 'DELETE') {
    kind = 'delete';
    requireWhere(node, 'DELETE');
    mutation = { kind: 'delete', table, node, returning };
  } else throw apiError('PGRST117', req.method);
  // Filters went into the mutation; the representation reads the affected rows as they are.
  const representation: ReadNode | null = mode === 'representation' ? { ...node, where: [] } : null;
  if (representation) checkCasts(representation);
  const keys = mode === 'headers-only' && kind === 'insert' ? table.pk : null;
  return finish(
    req,
    {
      query: {
        source: { kind: 'write', mutation, representation, keys },
        shape: representation ? shape : keys ? 'json' : 'none',
        stripNulls: req.stripNulls,
        count: req.prefer.count !== undefined,
        inserted: kind === 'upsert' || (kind === 'insert' && req.prefer.resolution === 'merge-duplicates'),
      },
      readOnly: false,
      kind,
      single: shape === 'object' && mode === 'representation',
      ...(limited ? { maxAffected: req.prefer.maxAffected } : {}),
      empty: mode !== 'representation',
      ...(keys ? { location: { table: table.name, pk: table.pk } } : {}),
    },
    null,
  );
}
