/**
 * @module rest/plan/shape — the plan as a value (PostgREST's Plan): what the one statement reads, writes
 * or calls, for sql/render.ts to turn into SQL afterwards, and how the response reads its result row.
 */
import type { ApiRequest, Body, PlanMedia } from '../parse/request.ts';
import type { FunctionArg, FunctionInfo, Table } from '../schema/types.ts';
import type { ReadNode } from './read.ts';

/** How the finished body is built from the source rows. */
export type BodyShape = 'json' | 'object' | 'csv' | 'scalar' | 'scalar-set' | 'none';

/** A function call; its arguments are the JSON text `raw`, bound once. */
export interface Call {
  fn: FunctionInfo;
  /**
   * `body`: the one unnamed parameter receives the whole body, typed as the parameter; `named`: each
   * argument in `args` is read from the body with its parameter's type (none: a call without arguments).
   */
  pass: 'body' | 'named';
  args: FunctionArg[];
  raw: string;
}

/** Where a read's top level takes its rows from. */
export type From =
  | { kind: 'table' }
  /** A function's result; `scalar` names its one column `pgrst_scalar`. */
  | { kind: 'call'; call: Call; scalar: boolean };

/**
 * What a write returns: `one` (1 per row, when no body is wanted), only the columns the response reads
 * (so column-level privileges hold as in PostgREST), or the whole `row`.
 */
export type Returning = 'one' | 'row' | string[];

export type Mutation =
  | {
      kind: 'insert';
      table: Table;
      /** The columns written; none means every column takes its default, `rows` times. */
      columns: string[];
      rows: number;
      body: Body;
      /** Prefer: missing=default — a key missing from an object takes the column default. */
      missingDefault: boolean;
      conflict: { on: string[]; resolution: 'merge-duplicates' | 'ignore-duplicates' } | null;
      returning: Returning;
    }
  /** `node` gives the alias and the filters (never empty: pg-safeupdate). */
  | { kind: 'update'; table: Table; node: ReadNode; columns: string[]; body: Body; returning: Returning }
  | { kind: 'delete'; table: Table; node: ReadNode; returning: Returning };

/** What the statement's `pgrst_source` holds. */
export type Source =
  | { kind: 'read'; node: ReadNode; from: From; maxRows: number | null }
  /** `representation` reads the written rows back; `keys` lists the primary key of a headers-only insert. */
  | { kind: 'write'; mutation: Mutation; representation: ReadNode | null; keys: string[] | null }
  /** A void function: called for its effects, nothing read. */
  | { kind: 'void'; call: Call };

export interface Query {
  source: Source;
  shape: BodyShape;
  stripNulls: boolean;
  /** Count every row the source would give (Prefer: count=exact, and estimated's check). */
  count: boolean;
  /** Report the rows an upsert inserted (counted by the `pgrst.inserted` setting). */
  inserted: boolean;
}

export interface QueryPlan {
  query: Query;
  /** The read whose row estimate answers Prefer: count=planned|estimated (an EXPLAIN of its count). */
  estimate?: { node: ReadNode; from: From };
  readOnly: boolean;
  kind: 'read' | 'insert' | 'upsert' | 'update' | 'delete' | 'rpc';
  /** The body must be exactly one row (vnd.pgrst.object+json). */
  single: boolean;
  /** No body at all: return=minimal, headers-only, or a void function. */
  empty: boolean;
  offset: number;
  /** headers-only inserts answer with a Location built from the primary key. */
  location?: { table: string; pk: string[] };
  csv: boolean;
  maxAffected?: number;
  /** The statement is wrapped in EXPLAIN: answer its plan (rows of "QUERY PLAN"). */
  planOutput?: PlanMedia;
}

export interface PlanOptions {
  maxRows: number | null;
}

export function shapeFor(req: ApiRequest): BodyShape {
  return req.media === 'csv' ? 'csv' : req.media === 'object' ? 'object' : 'json';
}

/** Adds what every plan shares: the range offset, CSV, and the estimate for planned counts. */
export function finish(
  req: ApiRequest,
  base: Omit<QueryPlan, 'estimate' | 'csv' | 'offset'>,
  read: { node: ReadNode; from: From } | null,
): QueryPlan {
  const plan: QueryPlan = { ...base, offset: read?.node.range.offset ?? 0, csv: req.media === 'csv' };
  if (read && (req.prefer.count === 'planned' || req.prefer.count === 'estimated') && base.kind !== 'insert')
    plan.estimate = read;
  return plan;
}
