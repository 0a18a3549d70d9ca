/**
 * @module rest — the PostgREST API at `/rest/v1`: parse the request (pure) → plan it against the schema
 * cache (pure data) → render the plan's SQL (pure) → run it in one transaction as the caller → respond.
 */
import type { Sql } from 'postgres';
import type { Service, StackContext } from '../context.ts';
import { isDatabaseUnavailable } from '../postgres/unavailable.ts';
import { authenticate, type Caller, CLOCK_SKEW_SECONDS } from './auth.ts';
import { ApiError, apiError, errorResponse } from './errors.ts';
import { execute, type RequestSettings } from './execute.ts';
import { openApi } from './openapi.ts';
import { type ApiRequest, type Body, parseRequest } from './parse/request.ts';
import { fromPgError } from './pg-errors.ts';
import { explainPlan, planRefused } from './plan/explain.ts';
import { type PlanOptions, planRequest, type QueryPlan } from './plan/index.ts';
import { respond, respondPlan, violation } from './respond.ts';
import { SchemaCacheHolder } from './schema/cache.ts';
import { renderPlan, type Statement } from './sql/render.ts';

/** Request bodies above this are refused with 413, as the hosted gateway does. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
const PLAN_CACHE_SIZE = 2000;

/** A request's plan and the statement rendered from it, cached together for GET and HEAD. */
interface Cached {
  req: ApiRequest;
  plan: QueryPlan;
  statement: Statement;
}

/**
 * Every value from a request is sent as text and typed by Postgres, as PostgREST does; the driver's own
 * serializers (booleans, JSON, dates) would re-encode those strings by the parameter's described type.
 */
function textOnly(pool: Sql): void {
  const serializers = (pool.options as unknown as { serializers: Record<string, (x: unknown) => string> })
    .serializers;
  for (const oid of Object.keys(serializers)) serializers[oid] = (x) => String(x);
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

async function readBody(request: Request): Promise<Body | undefined> {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'DELETE') return undefined;
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw apiError('PGRST413');
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw apiError('PGRST413');
  let raw: string;
  try {
    raw = UTF8.decode(bytes);
  } catch {
    // Invalid UTF-8 is not JSON: PostgREST refuses it rather than storing U+FFFD in its place.
    throw apiError('PGRST102');
  }
  if (raw.trim() === '') return undefined;
  try {
    return { raw, value: JSON.parse(raw) };
  } catch {
    throw apiError('PGRST102');
  }
}

function cookies(header: string | null): string {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) out[part.slice(0, i).trim()] = part.slice(i + 1).trim();
  }
  return JSON.stringify(out);
}

export async function build(stack: StackContext): Promise<Service> {
  const pool = stack.connect('authenticator', { max: 10 });
  textOnly(pool);
  const schemas = stack.config.api.schemas;
  const plans = new Map<string, Cached>();
  const cache = new SchemaCacheHolder(pool, schemas, stack.log, () => plans.clear());
  const admin = stack.connect('postgres', { max: 1 });
  try {
    await cache.start(admin);
  } finally {
    await admin.end({ timeout: 1 });
  }

  /** `pgrst.db_max_rows` on the authenticator role overrides config.toml, as PostgREST's in-database config does. */
  const planOptions = (): PlanOptions => {
    const inDb = cache.current.config.maxRows;
    return { maxRows: inDb !== undefined ? inDb : stack.config.api.maxRows };
  };

  const searchPaths = new Map(
    schemas.map((schema) => [
      schema,
      [schema, ...stack.config.api.extraSearchPath].map((s) => `"${s.replaceAll('"', '""')}"`).join(', '),
    ]),
  );
  /** Callers by Authorization header; expiry is checked again on every hit. */
  const callers = new Map<string, { caller: Caller; exp: number }>();
  function callerFor(header: string | null): Caller {
    const hit = header ? callers.get(header) : undefined;
    if (hit && hit.exp + CLOCK_SKEW_SECONDS > Date.now() / 1000) return hit.caller;
    const caller = authenticate(header, stack.jwt);
    if (header) {
      if (callers.size > 5000) callers.clear();
      const exp = (JSON.parse(caller.claims) as { exp?: number }).exp;
      callers.set(header, { caller, exp: typeof exp === 'number' ? exp : Number.POSITIVE_INFINITY });
    }
    return caller;
  }

  /** GET and HEAD plans depend only on the URL and headers: cache them per request shape. */
  function planFor(request: Request, url: URL, path: string, body: Body | undefined): Cached {
    const h = request.headers;
    const cacheable = request.method === 'GET' || request.method === 'HEAD';
    const cacheKey = cacheable
      ? `${request.method} ${path}${url.search}|${h.get('accept-profile')}|${h.get('accept')}|${h.get('prefer')}|${h.get('range')}`
      : '';
    const hit = cacheable ? plans.get(cacheKey) : undefined;
    if (hit) return hit;
    const req = parseRequest(request, url, path, schemas);
    // An unknown time zone is ignored, as PostgREST does unless handling=strict.
    if (req.prefer.timezone && !cache.current.timezones.has(req.prefer.timezone)) delete req.prefer.timezone;
    const plan = planRequest(cache.current, req, body, planOptions());
    const planned = { req, plan, statement: renderPlan(plan) };
    if (cacheable) {
      if (plans.size >= PLAN_CACHE_SIZE) plans.clear();
      plans.set(cacheKey, planned);
    }
    return planned;
  }

  async function handle(request: Request, path: string, url: URL): Promise<Response> {
    let caller: Caller = { role: 'anon', claims: '{}', authenticated: false };
    let schema: string | undefined;
    try {
      caller = callerFor(request.headers.get('authorization'));
      if (path === '/' || path === '') {
        const schema = request.headers.get('accept-profile') ?? schemas[0] ?? 'public';
        if (!schemas.includes(schema)) throw apiError('PGRST106', schema, schemas);
        const body = JSON.stringify(openApi(cache.current, schema, url.host));
        return new Response(request.method === 'HEAD' ? null : body, {
          headers: { 'content-type': 'application/openapi+json; charset=utf-8', 'content-profile': schema },
        });
      }
      const body = await readBody(request);
      const planned = planFor(request, url, path, body);
      const { req } = planned;
      let { plan, statement } = planned;
      if (req.plan) {
        // Checked per request: the setting may change with a schema reload after the plan was cached.
        if (!cache.current.config.planEnabled) throw planRefused(req);
        plan = explainPlan(plan, req.plan);
        statement = renderPlan(plan);
      }
      schema = req.schema;
      const headers: Record<string, string> = {};
      request.headers.forEach((v, k) => {
        headers[k] = v;
      });
      const settings: RequestSettings = {
        role: caller.role,
        claims: caller.claims,
        method: request.method,
        path,
        headers: JSON.stringify(headers),
        cookies: cookies(request.headers.get('cookie')),
        searchPath: searchPaths.get(req.schema) ?? '',
        roleSettings: [
          ...(cache.current.roleSettings.get(caller.role) ?? []),
          ...(req.prefer.timezone ? [['timezone', req.prefer.timezone] as [string, string]] : []),
        ],
      };
      let failure: ApiError | null = null;
      const outcome = await execute(pool, statement, plan.readOnly, settings, (o) => {
        failure = violation(plan, o);
        return failure || req.prefer.tx === 'rollback' ? 'rollback' : 'commit';
      });
      failure ??= violation(plan, outcome);
      if (failure) throw failure;
      if (plan.planOutput) return respondPlan(req, plan, outcome);
      return respond(req, plan, outcome, planOptions().maxRows);
    } catch (error) {
      const extra: Record<string, string> = schema ? { 'content-profile': schema } : {};
      if (error instanceof ApiError) return errorResponse(error, extra);
      const pg = error as { code?: string; message?: string; name?: string; severity?: string };
      // A lost or refused database connection, or a server shutting down or still recovering:
      // PostgREST's 503, which clients may retry.
      if (isDatabaseUnavailable(error)) {
        return errorResponse(apiError('PGRST001', pg.message ?? null), extra);
      }
      if (pg && typeof pg.code === 'string' && pg.severity)
        return errorResponse(fromPgError(pg as { message: string }, caller.authenticated), extra);
      stack.log('rest', `${request.method} ${path} failed: ${(error as Error).stack ?? error}`);
      return errorResponse(apiError('PGRST000', (error as Error).message ?? 'internal error'));
    }
  }

  return {
    fetch: (request, ctx) => handle(request, ctx.path, ctx.url),
    async close() {
      await cache.close();
    },
  };
}
