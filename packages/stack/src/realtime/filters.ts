/**
 * @module realtime/filters — parses the `postgres_changes` params of a join (`event`, `schema`, `table`,
 * `filter: "col=op.value,col2=op.value"`) and matches a decoded WAL tuple against them, by column type.
 */

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ColumnFilter {
  column: string;
  op: FilterOp;
  /** One value, or several for `in`. */
  values: string[];
}

export interface ChangeSpec {
  /** '*', 'INSERT', 'UPDATE' or 'DELETE'. */
  event: string;
  schema: string;
  table: string;
  filters: ColumnFilter[];
}

const OPS = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);
const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

/** Splits on commas that are not inside `in.(...)` lists. */
function splitTopLevel(s: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '(') depth++;
    else if (s[i] === ')') depth--;
    else if (s[i] === ',' && depth === 0) {
      parts.push(s.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(s.slice(start));
  return parts;
}

function parseFilter(filter: string): ColumnFilter[] {
  if (!filter.trim()) return [];
  return splitTopLevel(filter).map((part) => {
    const eq = part.indexOf('=');
    const column = eq > 0 ? part.slice(0, eq) : '';
    const rest = eq > 0 ? part.slice(eq + 1) : '';
    const dot = rest.indexOf('.');
    const op = dot > 0 ? rest.slice(0, dot) : '';
    const value = dot > 0 ? rest.slice(dot + 1) : '';
    if (!column || !OPS.has(op)) {
      const shown = eq > 0 ? rest.split('.') : [part];
      throw new Error(`Error parsing \`filter\` params: ${JSON.stringify(shown).replaceAll(',', ', ')}`);
    }
    if (op === 'in') {
      const m = /^\((.*)\)$/.exec(value);
      if (!m) throw new Error(`Error parsing \`filter\` params: ${JSON.stringify([op, value])}`);
      const values = m[1]!.split(',').map((v) => v.trim().replace(/^"(.*)"$/, '$1'));
      return { column, op, values };
    }
    return { column, op: op as FilterOp, values: [value] };
  });
}

/** Validates one `postgres_changes` entry of a join; throws with the real server's message. */
export function parseChangeSpec(params: unknown): ChangeSpec {
  const p = (params ?? {}) as Record<string, unknown>;
  const event = typeof p.event === 'string' ? p.event.toUpperCase() : '*';
  if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event))
    throw new Error(`Error parsing \`event\` params: ${JSON.stringify(p.event)}`);
  const schema = typeof p.schema === 'string' ? p.schema : undefined;
  const table = typeof p.table === 'string' ? p.table : undefined;
  if (!schema && !table)
    throw new Error(
      'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{}',
    );
  const filter = typeof p.filter === 'string' ? p.filter : '';
  return { event, schema: schema ?? 'public', table: table ?? '*', filters: parseFilter(filter) };
}

function compare(type: string, a: string, b: string): number {
  if (NUMERIC.has(type)) return Number(a) - Number(b);
  if (type === 'bool') {
    const norm = (v: string) => (['t', 'true', '1', 'on', 'yes'].includes(v.toLowerCase()) ? 1 : 0);
    return norm(a) - norm(b);
  }
  if (type === 'uuid')
    return a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
  return a < b ? -1 : a > b ? 1 : 0;
}

function passes(f: ColumnFilter, raw: string, type: string): boolean {
  const c = compare(type, raw, f.values[0] ?? '');
  switch (f.op) {
    case 'eq':
      return c === 0;
    case 'neq':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'lte':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'gte':
      return c >= 0;
    case 'in':
      return f.values.some((v) => compare(type, raw, v) === 0);
  }
}

/**
 * Whether a tuple (raw text values by column) passes every filter. A filtered column that is missing
 * or null fails, as `realtime.is_visible_through_filters` does (a DELETE under default replica identity
 * carries only the key, so filters on other columns do not match it).
 */
export function tupleMatches(
  filters: ColumnFilter[],
  tuple: Record<string, string | null> | undefined,
  types: Map<string, string>,
): boolean {
  if (!filters.length) return true;
  if (!tuple) return false;
  return filters.every((f) => {
    const raw = tuple[f.column];
    if (raw === null || raw === undefined) return false;
    return passes(f, raw, types.get(f.column) ?? 'text');
  });
}
