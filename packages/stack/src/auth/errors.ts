/**
 * @module auth/errors — GoTrue's error values and their two wire shapes: `{code, message}` for clients that
 * send `X-Supabase-Api-Version: 2024-01-01` (supabase-js does), `{code: status, error_code, msg}` otherwise.
 */

import { isDatabaseUnavailable } from '../postgres/unavailable.ts';

/** An API error as GoTrue's `HTTPError`: an HTTP status plus a stable, grep-able `error_code`. */
export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra top-level fields, e.g. `weak_password: { reasons }`. */
  readonly extra: Record<string, unknown> | undefined;
  constructor(status: number, code: string, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** What Postgres said when a statement failed, kept for GoTrue's legacy error shape. */
export interface PgDetails {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

/** A failed database write: `unexpected_failure` 500, e.g. "Database error saving new user". */
export class DatabaseError extends AuthError {
  readonly pg: PgDetails | null;
  constructor(message: string, cause: unknown) {
    // The database being away (restarting, recovering) is worth a retry: 503, not 500.
    super(isDatabaseUnavailable(cause) ? 503 : 500, 'unexpected_failure', message);
    const e = cause as { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown } | null;
    this.pg =
      e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)
        ? {
            code: e.code,
            message: String(e.message ?? ''),
            ...(typeof e.detail === 'string' && e.detail ? { detail: e.detail } : {}),
            ...(typeof e.hint === 'string' && e.hint ? { hint: e.hint } : {}),
          }
        : null;
  }
}

/**
 * GoTrue shows some Postgres errors (a trigger's `raise exception`, constraint violations, `PTxxx`) to
 * clients of the legacy shape as `{code: sqlstate, message, detail, hint}`; the status is 500, or xxx of PTxxx.
 */
function publicPgStatus(code: string): number {
  if (['P0001', '23000', '23001', '23502', '23503', '23505', '23514', '23P01'].includes(code)) return 500;
  const pt = /^PT(\d{3})$/.exec(code);
  return pt ? Number(pt[1]) : 0;
}

/** The OAuth2-shaped error some grant paths still answer with: `{error, error_description}`, always 400. */
export class OAuthError extends Error {
  readonly error: string;
  constructor(error: string, description: string) {
    super(description);
    this.error = error;
  }
}

export const badRequest = (code: string, message: string) => new AuthError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthError(403, code, message);
export const notFound = (code: string, message: string) => new AuthError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthError(422, code, message);
export const tooMany = (code: string, message: string) => new AuthError(429, code, message);
export const validation = (message: string) => badRequest('validation_failed', message);

export const INVALID_LOGIN = 'Invalid login credentials';
export const DUPLICATE_EMAIL = 'A user with this email address has already been registered';

/** The API version a request asked for: GoTrue knows only the initial one and 2024-01-01. */
export function apiVersion(request: Request): '2024-01-01' | null {
  const raw = request.headers.get('x-supabase-api-version');
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(Date.parse(raw))) return null;
  return raw >= '2024-01-01' ? '2024-01-01' : null;
}

/** Renders any thrown value as GoTrue would; unknown errors become `unexpected_failure` 500. */
export function errorResponse(error: unknown, request: Request, log: (m: string) => void): Response {
  const version = apiVersion(request);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (version) headers['x-supabase-api-version'] = version;
  if (error instanceof OAuthError) {
    return new Response(JSON.stringify({ error: error.error, error_description: error.message }), {
      status: 400,
      headers,
    });
  }
  let e: AuthError;
  if (error instanceof AuthError) e = error;
  else if (isDatabaseUnavailable(error)) {
    e = new AuthError(503, 'unexpected_failure', 'Database is unavailable, retry shortly');
  } else {
    log(`unexpected failure: ${(error as Error)?.stack ?? error}`);
    e = new AuthError(
      500,
      'unexpected_failure',
      'Unexpected failure, please check server logs for more information',
    );
  }
  headers['x-sb-error-code'] = e.code;
  if (!version && e instanceof DatabaseError && e.pg && publicPgStatus(e.pg.code)) {
    return new Response(JSON.stringify(e.pg), { status: publicPgStatus(e.pg.code), headers });
  }
  const body = version
    ? { code: e.code, message: e.message, ...e.extra }
    : { code: e.status, error_code: e.code, msg: e.message, ...e.extra };
  return new Response(JSON.stringify(body), { status: e.status, headers });
}
