/**
 * @module rest/respond — shapes the HTTP response from a plan's result row: status, Content-Range,
 * Content-Type, Preference-Applied, Location, and headers/status set by SQL (`response.headers`).
 */
import { textResponse } from '../util/text-response.ts';
import { type ApiError, apiError } from './errors.ts';
import type { Outcome } from './execute.ts';
import type { ApiRequest } from './parse/request.ts';
import type { QueryPlan } from './plan/index.ts';

const CONTENT_TYPE = {
  json: 'application/json; charset=utf-8',
  object: 'application/vnd.pgrst.object+json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** The total row count the client asked for, or null. */
export function totalCount(req: ApiRequest, outcome: Outcome, maxRows: number | null): number | null {
  const exact = outcome.row.total === null ? null : Number(outcome.row.total);
  if (req.prefer.count === 'planned') return outcome.planned;
  if (req.prefer.count === 'estimated' && exact !== null && maxRows !== null && exact > maxRows)
    return outcome.planned;
  return exact;
}

/** Whether the result breaks the request's promise (single object) and must be rolled back. */
export function violation(plan: QueryPlan, outcome: Outcome): ApiError | null {
  const page = Number(outcome.row.page);
  if (plan.maxAffected !== undefined && page > plan.maxAffected) {
    return apiError('PGRST124', page);
  }
  return plan.single && page !== 1 ? apiError('PGRST116', page) : null;
}

/** `lower-upper/total`, with `*` for an empty or inverted range and an unknown total. */
function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

export function respond(
  req: ApiRequest,
  plan: QueryPlan,
  outcome: Outcome,
  maxRows: number | null,
): Response {
  const { row } = outcome;
  const page = Number(row.page);
  const total = totalCount(req, outcome, maxRows);
  const headers: Record<string, string> = { 'content-profile': req.schema };
  let status = 200;
  const lower = plan.offset;
  const mutation = plan.kind !== 'read' && plan.kind !== 'rpc';
  if (!mutation) {
    headers['content-range'] = contentRange(lower, lower + page - 1, total);
    if (total !== null) {
      if (lower > total) {
        throw apiError('PGRST103', lower, total);
      }
      if (page < total) status = 206;
    }
  } else {
    // PostgREST's ranges for writes: inserts and deletes give no range, updates the affected rows.
    // PUT answers without a range.
    if (plan.kind !== 'upsert')
      headers['content-range'] =
        plan.kind === 'update' ? contentRange(0, page - 1, total) : contentRange(1, 0, total);
    const onlyUpdated = row.inserted !== null && row.inserted <= 0;
    if (plan.kind === 'upsert') status = plan.empty ? 204 : onlyUpdated ? 200 : 201;
    else status = plan.kind === 'insert' ? (onlyUpdated ? 200 : 201) : plan.empty ? 204 : 200;
  }
  // In PostgREST's order: resolution, missing, return, count, tx, handling, max-affected.
  const p = req.prefer;
  const applied = [
    plan.kind === 'insert' && p.resolution ? `resolution=${p.resolution}` : null,
    plan.kind === 'insert' && p.missing ? `missing=${p.missing}` : null,
    mutation && p.return ? `return=${p.return}` : null,
    p.count ? `count=${p.count}` : null,
    p.tx ? `tx=${p.tx}` : null,
    p.handling ? `handling=${p.handling}` : null,
    p.timezone ? `timezone=${p.timezone}` : null,
    p.handling === 'strict' && p.maxAffected !== undefined ? `max-affected=${p.maxAffected}` : null,
  ].filter((x) => x !== null);
  if (applied.length) headers['preference-applied'] = applied.join(', ');

  if (plan.location && row.body) {
    const first = (JSON.parse(row.body) as Record<string, unknown>[])[0];
    if (first && plan.location.pk.length) {
      const query = plan.location.pk.map(
        (c) => `${encodeURIComponent(c)}=eq.${encodeURIComponent(String(first[c]))}`,
      );
      headers.location = `/${plan.location.table}?${query.join('&')}`;
    }
  }

  let body: string | null = plan.empty ? null : row.body;
  if (plan.kind === 'rpc' && plan.empty) status = 204;
  if (body !== null) headers['content-type'] = CONTENT_TYPE[req.media];
  // Functions may set `response.headers` ([{"name": "value"}]) and `response.status`.
  if (row.headers) {
    try {
      for (const entry of JSON.parse(row.headers) as Record<string, string>[])
        for (const [k, v] of Object.entries(entry)) headers[k.toLowerCase()] = String(v);
    } catch {
      throw apiError('PGRST111');
    }
  }
  if (row.status) {
    const s = Number(row.status);
    if (!Number.isInteger(s) || s < 100 || s > 599) throw apiError('PGRST112');
    status = s;
  }
  if (req.method === 'HEAD' || status === 204 || status === 304) body = null;
  // A length (as PostgREST sends) also lets the server write the response in one go, unchunked.
  if (body !== null) headers['content-length'] = String(Buffer.byteLength(body));
  return textResponse(body, { status, headers });
}

/** The answer to `Accept: application/vnd.pgrst.plan`: EXPLAIN's JSON document or its lines of text. */
export function respondPlan(req: ApiRequest, plan: QueryPlan, outcome: Outcome): Response {
  const media = plan.planOutput;
  const format = media?.format ?? 'text';
  const lines = outcome.rows.map((r) => r['QUERY PLAN']);
  const first = lines[0];
  const body =
    format === 'json' ? (typeof first === 'string' ? first : JSON.stringify(first ?? [])) : lines.join('\n');
  const headers = {
    'content-type': `application/vnd.pgrst.plan+${format}; for="${media?.for ?? 'application/json'}"; charset=utf-8`,
    'content-profile': req.schema,
    'content-length': String(Buffer.byteLength(body)),
  };
  return new Response(req.method === 'HEAD' ? null : body, { status: 200, headers });
}
