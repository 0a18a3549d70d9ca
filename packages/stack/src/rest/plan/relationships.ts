/**
 * @module rest/plan/relationships — finds the foreign key an embedding means (many-to-one, one-to-many,
 * one-to-one, many-to-many through a junction table), honouring `!hint`s, with PostgREST's PGRST200/201.
 */
import { apiError } from '../errors.ts';
import { fuzzyOne } from '../hints.ts';
import type { ForeignKey, FunctionInfo, SchemaCache, Table } from '../schema/types.ts';

export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';
  source: Table;
  target: Table;
  /** Direct relationships: the key, and [source column, target column] pairs. */
  fk: ForeignKey;
  /** A computed relationship: the function of the source row that returns the target rows. */
  computed?: FunctionInfo;
  pairs: [string, string][];
  junction?: {
    table: Table;
    /** [junction column, source column] and [junction column, target column]. */
    sourcePairs: [string, string][];
    targetPairs: [string, string][];
    targetFk: ForeignKey;
  };
}

const zip = (a: string[], b: string[]): [string, string][] => a.map((x, i) => [x, b[i] ?? '']);
const isUnique = (t: Table, cols: string[]) =>
  t.uniques.some((u) => u.length === cols.length && u.every((c) => cols.includes(c)));
const covered = (t: Table, cols: string[]) => t.uniques.some((u) => cols.every((c) => u.includes(c)));

/** Every relationship that starts at `source`. */
function relationshipsOf(cache: SchemaCache, source: Table): Relationship[] {
  const out: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.table === source) {
      const one = isUnique(source, fk.columns);
      out.push({
        cardinality: one ? 'one-to-one' : 'many-to-one',
        source,
        target: fk.ref,
        fk,
        pairs: zip(fk.columns, fk.refColumns),
      });
    }
    if (fk.ref === source) {
      const one = isUnique(fk.table, fk.columns);
      out.push({
        cardinality: one ? 'one-to-one' : 'one-to-many',
        source,
        target: fk.table,
        fk,
        pairs: zip(fk.refColumns, fk.columns),
      });
    }
  }
  for (const c of cache.computedRelationships) {
    if (c.source !== source) continue;
    const fk = { name: c.fn.name, table: source, columns: [], ref: c.target, refColumns: [] };
    const cardinality = c.toOne ? 'many-to-one' : 'one-to-many';
    out.push({ cardinality, source, target: c.target, fk, pairs: [], computed: c.fn });
  }
  // Junction tables: two keys out of one table, both part of its primary key or one unique constraint.
  for (const toSource of cache.foreignKeys) {
    if (toSource.ref !== source) continue;
    for (const toTarget of cache.foreignKeys) {
      if (toTarget === toSource || toTarget.table !== toSource.table) continue;
      const junction = toSource.table;
      if (!covered(junction, [...toSource.columns, ...toTarget.columns])) continue;
      out.push({
        cardinality: 'many-to-many',
        source,
        target: toTarget.ref,
        fk: toSource,
        pairs: [],
        junction: {
          table: junction,
          sourcePairs: zip(toSource.columns, toSource.refColumns),
          targetPairs: zip(toTarget.columns, toTarget.refColumns),
          targetFk: toTarget,
        },
      });
    }
  }
  return out;
}

/** The `relationship` text of a PGRST201 detail, as PostgREST words it. */
const describe = (r: Relationship) => {
  const cols = (c: string[]) => `(${c.join(', ')})`;
  if (r.junction) {
    const j = r.junction;
    return `${j.table.name} using ${r.fk.name}${cols(j.sourcePairs.map((p) => p[0]))} and ${j.targetFk.name}${cols(j.targetPairs.map((p) => p[0]))}`;
  }
  return `${r.fk.name} using ${r.source.name}${cols(r.pairs.map((p) => p[0]))} and ${r.target.name}${cols(r.pairs.map((p) => p[1]))}`;
};

function matchesHint(r: Relationship, hint: string): boolean {
  if (r.fk.name === hint || r.junction?.targetFk.name === hint || r.junction?.table.name === hint)
    return true;
  if (r.junction) return false;
  return r.pairs.some(([s, t]) => s === hint || t === hint);
}

/** Resolves `name!hint` embedded from `source`; throws PGRST200 (none) or PGRST201 (ambiguous). */
export function findRelationship(
  cache: SchemaCache,
  source: Table,
  name: string,
  hint?: string,
): Relationship {
  const all = relationshipsOf(cache, source);
  const self = (r: Relationship) => r.target === source && !r.junction && !r.computed;
  // A computed relationship goes by its function's name, any other by its target table's.
  let found = all.filter((r) =>
    r.computed ? r.computed.name === name : r.target.name === name && r.target.schema === source.schema,
  );
  let byColumn = false;
  if (found.length === 0) {
    byColumn = true;
    // Embedding by key name or by a many-to-one column (`select=*,country_id(*)`).
    found = all.filter(
      (r) =>
        !r.junction &&
        !r.computed &&
        (r.fk.name === name ||
          (r.cardinality !== 'one-to-many' && r.pairs.length === 1 && r.pairs[0]?.[0] === name)),
    );
  }
  // A key or column names the base table's key: keys inferred through views step aside.
  if (byColumn && found.some((r) => !r.fk.viaView)) found = found.filter((r) => !r.fk.viaView);
  // PostgREST does not match a self-reference by its constraint's name, only by a column.
  if (hint !== undefined)
    found = found.filter((r) => matchesHint(r, hint) && !(self(r) && r.fk.name === hint));
  // A table related both directly and through a junction: the direct key wins, as in PostgREST.
  if (found.length > 1 && hint === undefined && found.some((r) => !r.junction)) {
    const direct = found.filter((r) => !r.junction);
    if (direct.length === 1) found = direct;
  }
  // On a self-reference through one key, the table's name or a column hint names the children
  // (`employees(*)`, `employees!manager_id(*)`); the parent is embedded by the column (`manager_id(*)`).
  if (found.length === 2 && found.every(self) && (hint !== undefined || found[0]?.fk === found[1]?.fk)) {
    found = found.filter((r) => r.cardinality === 'one-to-many');
  }
  if (found.length === 1 && found[0]) return found[0];
  const sourceName = source.name;
  if (found.length === 0) {
    // PostgREST suggests a close related table, never the one asked for (then the hint was wrong).
    const suggestion = fuzzyOne(name, new Set(all.map((r) => r.target.name)), (c) => c === name);
    throw apiError('PGRST200', sourceName, name, { schema: source.schema, hint, suggestion });
  }
  throw apiError(
    'PGRST201',
    sourceName,
    name,
    found.map((r) => ({
      cardinality: r.cardinality,
      embedding: `${sourceName} with ${r.target.name}`,
      relationship: describe(r),
    })),
    found.map((r) => `'${r.target.name}!${r.junction ? r.junction.table.name : r.fk.name}'`),
  );
}

export const isToOne = (r: Relationship) => r.cardinality === 'many-to-one' || r.cardinality === 'one-to-one';
