/**
 * @module rest/pg-errors — errors raised by Postgres as PostgREST answers them: the SQLSTATE → HTTP status
 * table of its Error.hs, `PTxyz` statuses, and `RAISE SQLSTATE 'PGRST'` errors that decide the whole response.
 */
import { ApiError, apiError } from './errors.ts';

/** HTTP status PostgREST gives a Postgres error, by SQLSTATE (its Error.hs table). */
export function pgStatus(code: string, message: string, authenticated: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '42883':
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authenticated ? 403 : 401;
    case 'P0001':
      return 400;
    case '53400':
      return 500;
    case '21000':
      // pg-safeupdate's refusal is the client's fault; other cardinality errors are the server's.
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '57P01':
      return 503;
    case '22023':
      // A JWT naming a role that does not exist (PostgREST 13).
      return /^role .* does not exist$/.test(message) ? 401 : 400;
  }
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (
    ['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)
  )
    return 500;
  return 400;
}

interface PgErrorLike {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
}

/** Turns an error raised by Postgres into PostgREST's response error. */
export function fromPgError(error: PgErrorLike, authenticated: boolean): ApiError {
  const code = error.code ?? 'XX000';
  if (code === 'PGRST') return fromRaisedPgrst(error);
  // RAISE with SQLSTATE 'PTxyz' sets the HTTP status directly, as PostgREST allows.
  const custom = /^PT(\d{3})$/.exec(code);
  const status = custom ? Number(custom[1]) : pgStatus(code, error.message, authenticated);
  const headers: Record<string, string> = status === 401 ? { 'www-authenticate': 'Bearer' } : {};
  return new ApiError(status, code, error.message, error.detail ?? null, error.hint ?? null, headers);
}

/**
 * `RAISE SQLSTATE 'PGRST' USING message = '{"code":…,"message":…}', detail = '{"status":…,"headers":{…}}'`:
 * the function decides the whole error response, as PostgREST allows.
 */
function fromRaisedPgrst(error: PgErrorLike): ApiError {
  try {
    const m = JSON.parse(error.message) as { code: string; message: string; details?: string; hint?: string };
    const d = JSON.parse(error.detail ?? '') as { status: number; headers?: Record<string, string> };
    if (typeof m.code !== 'string' || typeof m.message !== 'string' || typeof d.status !== 'number')
      throw new Error();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(d.headers ?? {})) headers[k.toLowerCase()] = String(v);
    return new ApiError(d.status, m.code, m.message, m.details ?? null, m.hint ?? null, headers);
  } catch {
    return apiError('PGRST121');
  }
}
