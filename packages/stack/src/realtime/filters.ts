/**
 * @module realtime/filters — parses the `postgres_changes` params of a join (`event`, `schema`, `table`,
 * `filter: "col=op.value,col2=op.value"`) and matches a decoded WAL tuple against them, by column type.
 */

export type FilterOp =
  | 'eq'
  | 'neq'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'in'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'is'
  | 'isdistinct';

export interface ColumnFilter {
  column: string;
  op: FilterOp;
  /** `col=not.op.value` */
  negate: boolean;
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

const OPS = new Set([
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
]);
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

/** `"a \\"b\\""` → `a "b"`; unquoted values are taken as they are. */
function unquote(value: string): string {
  const m = /^"((?:[^"\\]|\\.)*)"$/.exec(value);
  return m ? m[1]!.replace(/\\(.)/g, '$1') : value;
}

function parseFilter(filter: string): ColumnFilter[] {
  if (!filter.trim()) return [];
  return splitTopLevel(filter.trim()).map((segment) => {
    const part = segment.trim();
    if (!part) throw new Error('filter must not contain empty segments (check for extra commas)');
    const eq = part.indexOf('=');
    const column = eq > 0 ? part.slice(0, eq) : '';
    let rest = eq > 0 ? part.slice(eq + 1) : '';
    const negate = rest.startsWith('not.');
    if (negate) rest = rest.slice(4);
    const dot = rest.indexOf('.');
    const op = dot > 0 ? rest.slice(0, dot) : '';
    const value = dot > 0 ? rest.slice(dot + 1) : '';
    if (!column || dot <= 0 || !OPS.has(op)) {
      const shown = eq > 0 && dot > 0 ? [op, value] : [part];
      throw new Error(`Error parsing \`filter\` params: ${JSON.stringify(shown).replaceAll('","', '", "')}`);
    }
    if (op === 'in') {
      const m = /^\((.*)\)$/.exec(value);
      if (!m)
        throw new Error('Error parsing `filter` params: `in` filter value must be wrapped by parentheses');
      return { column, op, negate, values: splitTopLevel(m[1]!).map((v) => unquote(v.trim())) };
    }
    return { column, op: op as FilterOp, negate, values: [unquote(value)] };
  });
}

/** Validates one `postgres_changes` entry of a join; throws with the real server's message. */
export function parseChangeSpec(params: unknown): ChangeSpec {
  const p = (params ?? {}) as Record<string, unknown>;
  // Anything but INSERT, UPDATE or DELETE means every event, as on the real server.
  const upper = typeof p.event === 'string' ? p.event.toUpperCase() : '*';
  const event = ['INSERT', 'UPDATE', 'DELETE'].includes(upper) ? upper : '*';
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

/** SQL LIKE pattern → RegExp (`%` any run, `_` one character, `\\` escapes). */
function likeToRegExp(pattern: string, flags: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) re += pattern[++i]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') re += '[\\s\\S]*';
    else if (c === '_') re += '[\\s\\S]';
    else re += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`, flags);
}

const truthy = (v: string) => ['t', 'true', '1', 'on', 'yes', 'y'].includes(v.toLowerCase());

/** One filter on one value; `null` when SQL would say NULL (which fails the filter, negated or not). */
function evaluate(f: ColumnFilter, raw: string | null, type: string): boolean | null {
  const value = f.values[0] ?? '';
  if (f.op === 'is') {
    const v = value.toLowerCase();
    const result =
      v === 'null' || v === 'unknown'
        ? raw === null
        : raw !== null && type === 'bool' && truthy(raw) === (v === 'true');
    return f.negate ? !result : result;
  }
  if (f.op === 'isdistinct') {
    const same = raw !== null && compare(type, raw, value) === 0;
    return f.negate ? same : !same;
  }
  if (raw === null) return null;
  let result: boolean;
  switch (f.op) {
    case 'eq':
      result = compare(type, raw, value) === 0;
      break;
    case 'neq':
      result = compare(type, raw, value) !== 0;
      break;
    case 'lt':
      result = compare(type, raw, value) < 0;
      break;
    case 'lte':
      result = compare(type, raw, value) <= 0;
      break;
    case 'gt':
      result = compare(type, raw, value) > 0;
      break;
    case 'gte':
      result = compare(type, raw, value) >= 0;
      break;
    case 'in':
      result = f.values.some((v) => compare(type, raw, v) === 0);
      break;
    case 'like':
    case 'ilike':
      result = likeToRegExp(value, f.op === 'ilike' ? 'i' : '').test(raw);
      break;
    case 'match':
    case 'imatch':
      try {
        result = new RegExp(value, f.op === 'imatch' ? 'i' : '').test(raw);
      } catch {
        return null;
      }
      break;
  }
  return f.negate ? !result : result;
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
    if (!(f.column in tuple)) return false;
    return evaluate(f, tuple[f.column] ?? null, types.get(f.column) ?? 'text') === true;
  });
}
