/**
 * @module errors/to-lanes-error — turns every backend error (Auth, PostgREST/Postgres, Storage, Functions,
 * network) into one catalogue `LanesError`, once, at the data layer's edge. Screens never parse backend errors.
 */
import {
  fromErrorBody,
  isErrorCode,
  LanesError,
  type LanesErrorOptions,
  validationError,
} from '@lanes/shared/errors';
import { authCode } from './auth-codes.ts';
import type { Mapped } from './mapped.ts';
import { postgresCode } from './postgres-codes.ts';
import { storageCode } from './storage-codes.ts';

/** Messages of `fetch` failing before any answer: Node/undici, Chromium, Firefox, Safari, aborts. */
const NETWORK_MESSAGE =
  /fetch failed|failed to fetch|networkerror|load failed|network request failed|ECONNREFUSED|ECONNRESET|ENOTFOUND|aborted/i;

type Bag = Record<string, unknown>;
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Maps any error (or error-like value) a backend call produced to a catalogue `LanesError`.
 * `body` is the parsed JSON of a failed edge-function response (read it from `FunctionsHttpError.context`).
 * @example const { data, error } = await supabase.rpc('leave_workspace', args); if (error) throw toLanesError(error);
 */
export function toLanesError(error: unknown, body?: unknown): LanesError {
  if (error instanceof LanesError) return error;
  const mapped = map(error, body);
  if (mapped instanceof LanesError) return mapped;
  const options: LanesErrorOptions = { cause: error };
  if (mapped.message !== undefined) options.message = mapped.message;
  if (mapped.field !== undefined) options.field = mapped.field;
  if (mapped.details !== undefined) options.details = mapped.details;
  // An unexpected error gets an id a person can quote, so the log line can be found.
  if (mapped.code === 'UNEXPECTED') options.requestId = requestIdOf(body) ?? crypto.randomUUID().slice(0, 8);
  return new LanesError(mapped.code, options);
}

function map(error: unknown, body: unknown): Mapped | LanesError {
  if (typeof error !== 'object' || error === null) return { code: 'UNEXPECTED' };
  const e = error as Bag;
  const name = str(e.name) ?? '';

  // zod refusals (client-side or a response that broke its schema)
  if (name === 'ZodError' && Array.isArray(e.issues)) return validationError(e.issues as never);

  if (name.startsWith('Functions')) return functionsCode(name, e, body);
  if (e.__isAuthError === true || name.startsWith('Auth')) return authCode(name, e);
  if (e.__isStorageError === true || name.startsWith('Storage')) return storageCode(name, e);

  // PostgREST errors are plain objects (or PostgrestError) with code/message/details/hint.
  if ('code' in e && 'message' in e && ('details' in e || 'hint' in e)) {
    if (e.code === '' && NETWORK_MESSAGE.test(str(e.message) ?? '')) return { code: 'NETWORK' };
    return postgresCode(e);
  }
  if (isNetworkError(e)) return { code: 'NETWORK' };
  // A direct Postgres driver error (postgres.js in edge functions) has the same fields under other names.
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
    return postgresCode({
      code: e.code,
      message: e.message,
      details: e.detail,
      hint: e.hint,
      constraint: e.constraint_name,
    });
  }
  return { code: 'UNEXPECTED' };
}

function isNetworkError(e: Bag): boolean {
  const name = str(e.name) ?? '';
  if (name === 'TypeError' || name === 'FetchError' || name === 'AbortError' || name === 'TimeoutError') {
    return name !== 'TypeError' || NETWORK_MESSAGE.test(str(e.message) ?? '');
  }
  return false;
}

function functionsCode(name: string, e: Bag, body: unknown): Mapped | LanesError {
  if (name === 'FunctionsFetchError') return { code: 'NETWORK' };
  if (name === 'FunctionsRelayError') return { code: 'UNEXPECTED' };
  const fromBody = fromErrorBody(body, requestIdOf(body));
  if (fromBody) return fromBody;
  const status = (e.context as { status?: number } | undefined)?.status;
  if (status === 401) return { code: 'SESSION_EXPIRED' };
  if (status === 404) return { code: 'NOT_FOUND' };
  if (status === 429) return { code: 'RATE_LIMITED' };
  return { code: 'UNEXPECTED' };
}

function requestIdOf(body: unknown): string | undefined {
  const error = (body as { error?: Bag } | undefined)?.error;
  return str(error?.requestId);
}

export { isErrorCode };
