/**
 * @module rest/sql/statement — the outer statement every request runs: it reads `pgrst_source` and
 * returns one row with the total count, the page size and the finished body (JSON or CSV) as text.
 */

import type { BodyShape } from '../plan/shape.ts';

export interface StatementOptions {
  shape: BodyShape;
  stripNulls?: boolean;
  /** A query whose row count is the total (Prefer: count=exact), or null. */
  countSql?: string | null;
  /** Report the rows an upsert inserted (counted by the `pgrst.inserted` setting). */
  inserted?: boolean;
}

function bodySql(shape: BodyShape, strip: boolean): string {
  const agg = strip ? 'json_strip_nulls(json_agg("_pgrst_t"))' : 'json_agg("_pgrst_t")';
  switch (shape) {
    case 'json':
      return `coalesce(${agg}, '[]')::text`;
    case 'object':
      return `coalesce((${agg}->0)::text, '')`;
    case 'scalar':
      return `coalesce((json_agg("_pgrst_t"."pgrst_scalar")->0)::text, 'null')`;
    case 'scalar-set':
      return `coalesce(json_agg("_pgrst_t"."pgrst_scalar"), '[]')::text`;
    case 'csv':
      // PostgREST's CSV: a header of column names, then each row in Postgres' record text form.
      return `coalesce((SELECT string_agg(k, ',') FROM json_object_keys((SELECT row_to_json("_h") FROM "pgrst_source" AS "_h" LIMIT 1)) AS k), '')
        || E'\\n' || coalesce(string_agg(substring("_pgrst_t"::text, 2, length("_pgrst_t"::text) - 2), E'\\n'), '')`;
    case 'none':
      return `''`;
  }
}

/** `withSql` defines "pgrst_source" (e.g. `WITH "pgrst_source" AS (SELECT ...)`). */
export function statementSql(withSql: string, options: StatementOptions): string {
  const total = options.countSql ? `(SELECT count(*) FROM (${options.countSql}) AS "_c")` : 'NULL::bigint';
  const inserted = options.inserted
    ? `nullif(current_setting('pgrst.inserted', true), '')::int`
    : 'NULL::int';
  const gucs = `nullif(current_setting('response.headers', true), '') AS "headers", nullif(current_setting('response.status', true), '') AS "status", ${inserted} AS "inserted"`;
  return `${withSql} SELECT ${total} AS "total", count("_pgrst_t") AS "page", ${bodySql(options.shape, options.stripNulls ?? false)} AS "body", ${gucs} FROM "pgrst_source" AS "_pgrst_t"`;
}
