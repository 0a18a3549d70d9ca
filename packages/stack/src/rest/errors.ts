/**
 * @module rest/errors — PostgREST's error shape `{code, message, details, hint}`: its own PGRST codes and
 * the SQLSTATE → HTTP status table it applies to errors raised by Postgres.
 */

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

/** PGRST100: a query parameter that does not follow the grammar; `what` as PostgREST names it. */
export const parseError = (what: string, value: string, detail: string, column = 1) =>
  new ApiError(400, 'PGRST100', `"failed to parse ${what} (${value})" (line 1, column ${column})`, detail);

/** Levenshtein distance (unit costs), as Postgres uses for its "Perhaps you meant" hints. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        (prev[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = row;
  }
  return prev[b.length] ?? 0;
}

/** The n-grams a fuzzy set indexes: lowercase letters, digits, commas and spaces, padded with `-`. */
function grams(value: string, n: number): Set<string> {
  const padded = `-${value.toLowerCase().replace(/[^a-z0-9\u00c0-\u00ff, ]+/g, '')}-`;
  const out = new Set<string>();
  for (let i = 0; i + n <= padded.length; i++) out.add(padded.slice(i, i + n));
  return out;
}

/**
 * PostgREST's "Perhaps you meant" pick (a fuzzy set): among candidates sharing a trigram (else a
 * bigram) with the query, the best 1 - distance / longer length, case-insensitive, if it reaches
 * `minScore` (0.33; PostgREST asks 0.75 of table and function names, so as not to reveal far ones).
 */
export function fuzzyOne(
  query: string,
  candidates: Iterable<string>,
  exclude?: (c: string) => boolean,
  minScore = 0.33,
): string | null {
  const list = [...candidates].filter((c) => !exclude?.(c));
  const q = query.toLowerCase();
  for (const n of [3, 2]) {
    const qGrams = grams(query, n);
    let best: string | null = null;
    let score = minScore;
    for (const c of list) {
      if (![...grams(c, n)].some((g) => qGrams.has(g))) continue;
      const lc = c.toLowerCase();
      const s = 1 - distance(q, lc) / Math.max(q.length, lc.length, 1);
      if (s >= score && (best === null || s > score)) {
        best = c;
        score = s;
      }
    }
    if (best !== null) return best;
  }
  return null;
}

/** The score PostgREST's table and function name hints must reach. */
export const NAME_HINT_SCORE = 0.75;

/** Postgres' suggestion: the closest column within 3 edits and half its length; none on a tie. */
function closest(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = 4;
  let tie = false;
  for (const c of candidates) {
    const d = distance(name, c);
    if (d > Math.floor(c.length / 2)) continue;
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  return tie ? null : best;
}

/**
 * Column unknown to the schema cache: the body Postgres would send (42703, with its hint), never executed.
 * `table` is the name the query would use (`cities_1` for an embedding, as PostgREST aliases them).
 */
export function unknownColumn(table: string, column: string, candidates: Iterable<string> = []): ApiError {
  const match = closest(column, candidates);
  const hint = match ? `Perhaps you meant to reference the column "${table}.${match}".` : null;
  return new ApiError(400, '42703', `column ${table}.${column} does not exist`, null, hint);
}

export const columnNotFound = (table: string, column: string) =>
  new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export function tableNotFound(schema: string, table: string, tables: Iterable<string> = []): ApiError {
  const match = fuzzyOne(table, tables, undefined, NAME_HINT_SCORE);
  const hint = match ? `Perhaps you meant the table '${schema}.${match}'` : null;
  return new ApiError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${table}' in the schema cache`,
    null,
    hint,
  );
}

export const invalidBody = (message = 'Empty or invalid json') => new ApiError(400, 'PGRST102', message);

export const singularity = (rows: number) =>
  new ApiError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );

export const jwtError = (code: 'PGRST301' | 'PGRST303', message: string, details: string | null = null) =>
  new ApiError(401, code, message, details, null, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });

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
    return new ApiError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error');
  }
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
