/**
 * @module rest/sql/params — the two ways anything from a request reaches SQL: values as numbered
 * parameters, identifiers (already checked against the schema cache) double-quoted.
 */

/** Quotes an identifier the way Postgres' quote_ident does for any name. */
export const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export const qualified = (schema: string, name: string): string => `${ident(schema)}.${ident(name)}`;

/** Collects bound values; `add` returns the `$n` placeholder. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    // JSON goes over the wire as text: a `json` parameter would make the driver encode the text again.
    if (cast === 'json' || cast === 'jsonb') return `$${this.values.length}::text::${cast}`;
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}
