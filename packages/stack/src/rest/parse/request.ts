/**
 * @module rest/parse/request — turns an HTTP request into an `ApiRequest` (PostgREST's ApiRequest):
 * target, schema profile, select tree, filters per embedding level, order, ranges, Prefer and Accept.
 */
import { apiError } from '../errors.ts';
import {
  type Condition,
  type OrderTerm,
  parseField,
  parseLogic,
  parseOperation,
  parseOrder,
} from './filter.ts';
import { parseSelect, type SelectItem } from './select.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type MediaType = 'json' | 'object' | 'csv';

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  /** With handling=strict: PATCH/DELETE affecting more rows fail and roll back (PGRST124). */
  maxAffected?: number;
  /** `timezone=Europe/Paris`: the transaction's TimeZone, when Postgres knows the name. */
  timezone?: string;
}

/** `Accept: application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose`. */
export interface PlanMedia {
  format: 'json' | 'text';
  /** EXPLAIN options, as PostgREST allows them. */
  options: PlanOption[];
  /** The media type the explained query would have produced. */
  for: string;
}

export const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const;
export type PlanOption = (typeof PLAN_OPTIONS)[number];

/** A request body: the raw text is what Postgres parses (so big numbers keep their digits). */
export interface Body {
  raw: string;
  value: unknown;
}

export interface Range {
  limit?: number;
  offset?: number;
}

export interface ApiRequest {
  method: Method;
  target: { kind: 'table' | 'rpc'; name: string };
  schema: string;
  /** Whether the client named the schema (PostgREST then echoes Content-Profile). */
  select: SelectItem[];
  /** Filters per embedding path ('' = top level, 'cities' or 'cities.streets' below). */
  conditions: Map<string, Condition[]>;
  orders: Map<string, OrderTerm[]>;
  ranges: Map<string, Range>;
  /** Query parameters that are not reserved words, kept raw: RPC GET takes its arguments from them. */
  rawFilters: [string, string][];
  prefer: Preferences;
  media: MediaType;
  stripNulls: boolean;
  /** Set when the client asked for the query plan instead of the result. */
  plan?: PlanMedia;
  /** The Accept header as sent, for PGRST107 when a plan is asked for but not enabled. */
  accept: string;
  columns?: string[];
  onConflict?: string[];
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const PREFER_VALUES: Record<string, string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
};

export function parsePrefer(header: string | null): Preferences {
  const prefer: Record<string, string> = {};
  for (const token of (header ?? '').split(',')) {
    const [k, v] = token
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k && v && PREFER_VALUES[k]?.includes(v)) prefer[k] = v;
    if (k === 'max-affected' && v && /^\d+$/.test(v)) prefer.maxAffected = v;
    if (k === 'timezone' && v) prefer.timezone = v;
  }
  const out = prefer as unknown as Preferences & { maxAffected?: number | string };
  if (out.maxAffected !== undefined) out.maxAffected = Number(out.maxAffected);
  return out as Preferences;
}

/** `application/vnd.pgrst.plan[+json|+text]` with its `for` and `options` parameters, or null. */
function parsePlanMedia(type: string, params: string[]): PlanMedia | null {
  const m = /^application\/vnd\.pgrst\.plan(?:\+(json|text))?$/.exec(type);
  if (!m) return null;
  const param = (name: string) =>
    params
      .find((p) => p.startsWith(`${name}=`))
      ?.slice(name.length + 1)
      .replace(/^"(.*)"$/, '$1');
  const options = (param('options') ?? '')
    .split('|')
    .filter((o): o is PlanOption => (PLAN_OPTIONS as readonly string[]).includes(o));
  return { format: m[1] === 'json' ? 'json' : 'text', options, for: param('for') ?? 'application/json' };
}

/** Picks the first media type we can produce from Accept, like PostgREST's content negotiation. */
export function parseAccept(header: string | null): {
  media: MediaType;
  stripNulls: boolean;
  plan?: PlanMedia;
} {
  const offered = (header ?? '*/*')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of offered.length ? offered : ['*/*']) {
    const [type, ...params] = entry.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    const plan = parsePlanMedia(type ?? '', params);
    if (plan) return { ...parseAccept(plan.for), plan };
    if (type === 'application/json' || type === '*/*' || type === 'application/*')
      return { media: 'json', stripNulls: false };
    if (type === 'application/vnd.pgrst.array+json') return { media: 'json', stripNulls };
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
      return { media: 'object', stripNulls };
    if (type === 'text/csv') return { media: 'csv', stripNulls: false };
  }
  throw apiError('PGRST107', offered.join(', '));
}

function parseRange(header: string | null): Range | null {
  const m = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header ?? '');
  if (!m) return null;
  const offset = Number(m[1]);
  return m[2] ? { offset, limit: Math.max(0, Number(m[2]) - offset + 1) } : { offset };
}

function nonNegative(param: string, value: string): number {
  if (!/^\d+$/.test(value))
    throw apiError('PGRST100', {
      what: `${param} parameter`,
      value,
      detail: `unexpected "${value.slice(0, 1)}" expecting digit`,
    });
  return Number(value);
}

const push = <T>(map: Map<string, T[]>, key: string, items: T[]) =>
  map.set(key, [...(map.get(key) ?? []), ...items]);

/** Splits `cities.streets.name` into the embedding path and the last word. */
function splitKey(key: string): { path: string; last: string } {
  const arrow = key.indexOf('->');
  const head = arrow === -1 ? key : key.slice(0, arrow);
  const tail = arrow === -1 ? '' : key.slice(arrow);
  const words = head.split('.');
  // `not.or` / `not.and` are one word.
  let last = words.pop() ?? '';
  if ((last === 'or' || last === 'and') && words.at(-1) === 'not') last = `${words.pop()}.${last}`;
  return { path: words.join('.'), last: last + tail };
}

/** Adds the reserved and filter parameters to `req`; RPC GET calls this after removing its arguments. */
export function applyFilters(req: ApiRequest, params: [string, string][]): void {
  for (const [key, value] of params) {
    const { path, last } = splitKey(key);
    if (last === 'order') req.orders.set(path, parseOrder(value));
    else if (last === 'limit')
      req.ranges.set(path, { ...req.ranges.get(path), limit: nonNegative('limit', value) });
    else if (last === 'offset')
      req.ranges.set(path, { ...req.ranges.get(path), offset: nonNegative('offset', value) });
    else if (/^(not\.)?(or|and)$/.test(last)) {
      const negate = last.startsWith('not.');
      push(req.conditions, path, [
        parseLogic(negate ? (last.slice(4) as 'or') : (last as 'or'), negate, value),
      ]);
    } else push(req.conditions, path, [parseOperation(parseField(last, 'tree path'), value)]);
  }
}

export function parseRequest(request: Request, url: URL, path: string, schemas: string[]): ApiRequest {
  const method = request.method as Method;
  const rpc = /^\/rpc\/([^/]+)\/?$/.exec(path);
  const table = rpc ? null : /^\/([^/]+)\/?$/.exec(path);
  if (!rpc && !table) throw apiError('PGRST125');
  const name = decodeURIComponent((rpc ?? table)?.[1] ?? '');

  const profileHeader = ['GET', 'HEAD'].includes(method) ? 'accept-profile' : 'content-profile';
  const schema = request.headers.get(profileHeader) ?? schemas[0] ?? 'public';
  if (!schemas.includes(schema)) {
    throw apiError('PGRST106', schema, schemas);
  }
  const accept = request.headers.get('accept');
  const { media, stripNulls, plan } = parseAccept(accept);
  const req: ApiRequest = {
    method,
    target: { kind: rpc ? 'rpc' : 'table', name },
    schema,
    select: parseSelect(url.searchParams.get('select') ?? '*'),
    conditions: new Map(),
    orders: new Map(),
    ranges: new Map(),
    rawFilters: [],
    prefer: parsePrefer(request.headers.get('prefer')),
    media,
    stripNulls,
    ...(plan ? { plan } : {}),
    accept: accept ?? '*/*',
  };
  const columns = url.searchParams.get('columns');
  if (columns !== null) req.columns = columns.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  const onConflict = url.searchParams.get('on_conflict');
  if (onConflict !== null)
    req.onConflict = onConflict.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  for (const [key, value] of url.searchParams) if (!RESERVED.has(key)) req.rawFilters.push([key, value]);
  if (!rpc || !['GET', 'HEAD'].includes(method)) applyFilters(req, req.rawFilters);
  const range = ['GET', 'HEAD'].includes(method) ? parseRange(request.headers.get('range')) : null;
  if (range && !req.ranges.has('')) req.ranges.set('', range);
  return req;
}
