/**
 * @module rest/errors — the one table of errors the REST service answers itself (PostgREST's Error.hs):
 * each code with its HTTP status and wording, declared once; call sites name the code.
 */
import { closest, fuzzyOne, NAME_HINT_SCORE } from './hints.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  readonly hint: string | null;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    code: string,
    message: string,
    details: unknown = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }

  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** What an entry says: PostgREST's `{message, details, hint}` and any headers that go with it. */
interface Said {
  message: string;
  details?: unknown;
  hint?: string | null;
  headers?: Record<string, string>;
}

/** A query parameter that does not follow the grammar, or a cast to a type name that is not one. */
type ParseFailure = { what: string; value: string; detail: string; column?: number } | { cast: string };

/** PostgREST's 401s name the failure in WWW-Authenticate too. */
const bearer = (message: string) => ({
  'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
});

/**
 * Every error this service raises before or after Postgres runs, by code. Errors Postgres raises keep
 * their SQLSTATE and get the status of `pgStatus` (pg-errors.ts); the three SQLSTATEs here are
 * answered without running anything, worded as Postgres would.
 */
export const errors = {
  PGRST000: { status: 500, says: (message: string) => ({ message }) },
  PGRST001: {
    status: 503,
    says: (details: string | null) => ({
      message: 'Database client error. Retrying the connection.',
      details,
    }),
  },
  PGRST100: {
    status: 400,
    says: (f: ParseFailure) =>
      'cast' in f
        ? { message: `"failed to parse select parameter" (invalid cast ${f.cast})` }
        : {
            message: `"failed to parse ${f.what} (${f.value})" (line 1, column ${f.column ?? 1})`,
            details: f.detail,
          },
  },
  PGRST102: { status: 400, says: (message = 'Empty or invalid json') => ({ message }) },
  PGRST103: {
    status: 416,
    says: (offset: number, total: number) => ({
      message: 'Requested range not satisfiable',
      details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
    }),
  },
  PGRST105: {
    status: 405,
    says: () => ({ message: "Filters must include all and only primary key columns with 'eq' operators" }),
  },
  PGRST106: {
    status: 406,
    says: (schema: string, exposed: string[]) => ({
      message: `Invalid schema: ${schema}`,
      hint: `Only the following schemas are exposed: ${exposed.join(', ')}`,
    }),
  },
  PGRST107: {
    status: 406,
    says: (offered: string) => ({ message: `None of these media types are available: ${offered}` }),
  },
  PGRST108: {
    status: 400,
    says: (path: string) => ({
      message: `'${path}' is not an embedded resource in this request`,
      hint: `Verify that '${path}' is included in the 'select' query parameter.`,
    }),
  },
  PGRST111: {
    status: 500,
    says: () => ({
      message:
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
    }),
  },
  PGRST112: { status: 500, says: () => ({ message: 'response.status guc must be a valid status code' }) },
  PGRST114: {
    status: 400,
    says: () => ({ message: 'limit/offset querystring parameters are not allowed for PUT' }),
  },
  PGRST115: {
    status: 400,
    says: () => ({ message: 'Payload values do not match URL in primary key column(s)' }),
  },
  PGRST116: {
    status: 406,
    says: (rows: number) => ({
      message: 'Cannot coerce the result to a single JSON object',
      details: `The result contains ${rows} rows`,
    }),
  },
  PGRST117: { status: 405, says: (method: string) => ({ message: `Unsupported HTTP method: ${method}` }) },
  PGRST118: {
    status: 400,
    says: (relation: string, from: string) => ({
      message: `A related order on '${relation}' is not possible`,
      details: `'${from}' and '${relation}' do not form a many-to-one or one-to-one relationship`,
    }),
  },
  PGRST121: {
    status: 500,
    says: () => ({ message: 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error' }),
  },
  PGRST123: { status: 400, says: () => ({ message: 'Use of aggregate functions is not allowed' }) },
  PGRST124: {
    status: 400,
    says: (rows: number) => ({
      message: 'Query result exceeds max-affected preference constraint',
      details: `The query affects ${rows} rows`,
    }),
  },
  PGRST125: { status: 404, says: () => ({ message: 'Invalid path specified in request URL' }) },
  /** `searched` is absent when the embedding starts at a function's result, which has no keys. */
  PGRST200: {
    status: 400,
    says: (
      source: string,
      name: string,
      searched?: { schema: string; hint: string | undefined; suggestion: string | null },
    ) => {
      const message = `Could not find a relationship between '${source}' and '${name}' in the schema cache`;
      if (!searched) return { message };
      const using = searched.hint !== undefined ? ` using the hint '${searched.hint}'` : '';
      return {
        message,
        details: `Searched for a foreign key relationship between '${source}' and '${name}'${using} in the schema '${searched.schema}', but no matches were found.`,
        hint: searched.suggestion ? `Perhaps you meant '${searched.suggestion}' instead of '${name}'.` : null,
      };
    },
  },
  PGRST201: {
    status: 300,
    says: (source: string, name: string, found: unknown[], choices: string[]) => ({
      message: `Could not embed because more than one relationship was found for '${source}' and '${name}'`,
      details: found,
      hint: `Try changing '${name}' to one of the following: ${choices.join(', ')}. Find the desired relationship in the 'details' key.`,
    }),
  },
  PGRST202: {
    status: 404,
    says: (fn: string, names: string[], post: boolean, suggestion: string | null) => {
      const list = names.join(', ');
      const params =
        names.length === 0 ? ' without parameters' : ` with parameter${names.length > 1 ? 's' : ''} ${list}`;
      return {
        message: `Could not find the function ${fn}${names.length ? `(${list})` : ' without parameters'} in the schema cache`,
        details: `Searched for the function ${fn}${params}${post ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
        hint: suggestion ? `Perhaps you meant to call the function ${suggestion}` : null,
      };
    },
  },
  PGRST203: {
    status: 300,
    says: (signatures: string[]) => ({
      message: `Could not choose the best candidate function between: ${signatures.join(', ')}`,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    }),
  },
  PGRST204: {
    status: 400,
    says: (table: string, column: string) => ({
      message: `Could not find the '${column}' column of '${table}' in the schema cache`,
    }),
  },
  PGRST205: {
    status: 404,
    says: (schema: string, table: string, tables: Iterable<string>) => {
      const match = fuzzyOne(table, tables, undefined, NAME_HINT_SCORE);
      return {
        message: `Could not find the table '${schema}.${table}' in the schema cache`,
        hint: match ? `Perhaps you meant the table '${schema}.${match}'` : null,
      };
    },
  },
  PGRST301: {
    status: 401,
    says: (message: string, details: string | null = null) => ({
      message,
      details,
      headers: bearer(message),
    }),
  },
  PGRST303: { status: 401, says: () => ({ message: 'JWT expired', headers: bearer('JWT expired') }) },
  /** Not PostgREST's: the hosted gateway refuses bodies over its limit before PostgREST sees them. */
  PGRST413: { status: 413, says: () => ({ message: 'Request Entity Too Large' }) },
  /**
   * A column unknown to the schema cache, never executed; `table` is the name the query would use
   * (`cities_1` for an embedding, as PostgREST aliases them), the hint Postgres' closest column.
   */
  '42703': {
    status: 400,
    says: (table: string, column: string, candidates: Iterable<string> = []) => {
      const match = closest(column, candidates);
      return {
        message: `column ${table}.${column} does not exist`,
        hint: match ? `Perhaps you meant to reference the column "${table}.${match}".` : null,
      };
    },
  },
  /** Two embeddings under one name: PostgREST's subqueries would collide in Postgres. */
  '42712': {
    status: 400,
    says: (name: string) => ({ message: `table name "${name}" specified more than once` }),
  },
  /** pg-safeupdate, which Supabase loads for the API: PATCH and DELETE need a filter. */
  '21000': {
    status: 400,
    says: (verb: 'UPDATE' | 'DELETE') => ({ message: `${verb} requires a WHERE clause` }),
  },
} satisfies Record<string, { status: number; says: (...args: never[]) => Said }>;

export type ErrorCode = keyof typeof errors;
type Args<C extends ErrorCode> = Parameters<(typeof errors)[C]['says']>;

/**
 * The error `code` with the words its entry makes of `args`.
 *
 * @example apiError('PGRST116', 2) // 406 {"code":"PGRST116","details":"The result contains 2 rows",…}
 */
export function apiError<C extends ErrorCode>(code: C, ...args: Args<C>): ApiError {
  const entry = errors[code];
  const said = (entry.says as (...a: Args<C>) => Said)(...args);
  return new ApiError(
    entry.status,
    code,
    said.message,
    said.details ?? null,
    said.hint ?? null,
    said.headers,
  );
}

export function errorResponse(error: ApiError, extraHeaders: Record<string, string> = {}): Response {
  const body = JSON.stringify(error);
  return new Response(body, {
    status: error.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      ...error.headers,
      ...extraHeaders,
    },
  });
}
