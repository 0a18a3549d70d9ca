/**
 * @module rest/schema/types — the schema cache's shape: tables and views with columns and keys,
 * foreign keys (including ones inferred through views), and functions with their arguments.
 */

export interface Column {
  name: string;
  /** As `format_type` prints it, e.g. `integer`, `text[]`, `timestamp with time zone`. */
  type: string;
  notNull: boolean;
  /** The default expression from the catalog, `nextval(…)` for identity columns (`Prefer: missing=default`). */
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
  /** Inferred through a view from a base table's key. */
  viaView?: boolean;
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  schema: string;
  name: string;
  /** Input parameters; an unnamed one has the name ''. */
  args: FunctionArg[];
  /**
   * Whether `/rpc` may call it: PostgREST leaves out functions with unnamed parameters unless there is
   * exactly one and it is json, jsonb, text, xml or bytea (it then receives the whole body).
   */
  callable: boolean;
  returnsSet: boolean;
  /** `ROWS 1` on a set-returning function: embedded as a to-one computed relationship. */
  rowsOne: boolean;
  volatility: 'i' | 's' | 'v';
  returns:
    | { kind: 'void' }
    | { kind: 'scalar'; type: string }
    | { kind: 'table'; table: Table }
    | { kind: 'composite'; columns: Column[] };
}

/**
 * A computed relationship: a function of one row of `source` returning rows of `target`, embedded by
 * its name (`users?select=*,get_messages(*)`), to-one unless it returns a set without `ROWS 1`.
 */
export interface ComputedRelationship {
  fn: FunctionInfo;
  source: Table;
  target: Table;
  toOne: boolean;
}

/** PostgREST's in-database configuration (`alter role authenticator set pgrst.db_… = …`). */
export interface DbConfig {
  aggregatesEnabled: boolean;
  planEnabled: boolean;
  /** Overrides config.toml's `[api] max_rows` when set. */
  maxRows?: number | null;
}

export interface SchemaCache {
  tables: Map<string, Table>;
  foreignKeys: ForeignKey[];
  computedRelationships: ComputedRelationship[];
  config: DbConfig;
  functions: Map<string, FunctionInfo[]>;
  /** Per-role settings PostgREST applies on the role switch (`alter role anon set statement_timeout`). */
  roleSettings: Map<string, [string, string][]>;
  /** Names `Prefer: timezone=` may use (pg_timezone_names). */
  timezones: Set<string>;
  loadedAt: number;
}

export const key = (schema: string, name: string) => `${schema}.${name}`;
