/**
 * @module rest/schema/types — the schema cache's shape: tables and views with columns and keys,
 * foreign keys (including ones inferred through views), and functions with their arguments.
 */

export interface Column {
  name: string;
  /** As `format_type` prints it, e.g. `integer`, `text[]`, `timestamp with time zone`. */
  type: string;
  notNull: boolean;
  /** The default expression from the catalog (used for `Prefer: missing=default`). */
  default: string | null;
}

export interface Table {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  pk: string[];
  /** Column sets with a unique or primary key constraint (one-to-one detection). */
  uniques: string[][];
  /** Functions taking this table's row type: `select=*,full_name` calls them. */
  computed: Map<string, FunctionInfo>;
}

export interface ForeignKey {
  name: string;
  /** The referencing side. */
  table: Table;
  columns: string[];
  /** The referenced side. */
  ref: Table;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  volatility: 'i' | 's' | 'v';
  returns:
    | { kind: 'void' }
    | { kind: 'scalar'; type: string }
    | { kind: 'table'; table: Table }
    | { kind: 'composite'; columns: Column[] };
}

export interface SchemaCache {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FunctionInfo[]>;
  /** Per-role settings PostgREST applies on the role switch (`alter role anon set statement_timeout`). */
  roleSettings: Map<string, [string, string][]>;
  /** Names `Prefer: timezone=` may use (pg_timezone_names). */
  timezones: Set<string>;
  loadedAt: number;
}

export const key = (schema: string, name: string) => `${schema}.${name}`;
