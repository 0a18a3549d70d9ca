/**
 * @module rest/parse/filter — parses filters (`col=not.in.(1,2)`), logic trees (`or=(a.eq.1,and(b.gt.2,c.is.null))`)
 * and `order` into plain data; no schema knowledge here.
 */
import { apiError } from '../errors.ts';
import { Cursor, type JsonStep } from './select.ts';

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
] as const;
export type Operator = (typeof OPERATORS)[number];

const QUANTIFIABLE = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const FTS = new Set(['fts', 'plfts', 'phfts', 'wfts']);
const IS_VALUES = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

export interface FieldRef {
  name: string;
  path: JsonStep[];
}

export interface Filter {
  kind: 'filter';
  field: FieldRef;
  negate: boolean;
  op: Operator;
  quantifier?: 'any' | 'all';
  lang?: string;
  /** A list for `in` and quantified operators, otherwise the raw text after the operator. */
  value: string | string[];
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | Logic;

export interface OrderTerm {
  /** `order=countries(name)`: a column of a to-one embedding. */
  relation?: string;
  field: FieldRef;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Splits `a,"b,c",(d,e)` at top-level commas, keeping quotes and parentheses intact. */
function splitTop(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && quoted) i++;
    else if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '(' || ch === '{')) depth++;
    else if (!quoted && (ch === ')' || ch === '}')) depth--;
    else if (!quoted && depth === 0 && ch === ',') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

const unquote = (v: string) =>
  v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1).replace(/\\(.)/g, '$1') : v;

/** Parses the operator part of a filter: `not.in.(1,2)`, `fts(english).cat`, `eq(any).{a,b}`. */
export function parseOperation(field: FieldRef, text: string, param = 'filter', inLogic = false): Filter {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(rest);
  const op = m?.[1] as Operator | undefined;
  if (!m || !op || !(OPERATORS as readonly string[]).includes(op)) {
    throw apiError('PGRST100', {
      what: param,
      value: text,
      detail: `unexpected ${rest ? `"${rest.slice(0, 1)}"` : 'end of input'} expecting "not" or operator (eq, gt, ...)`,
    });
  }
  const modifier = m[2];
  let raw = m[3] ?? '';
  if (inLogic) raw = unquote(raw);
  const filter: Filter = { kind: 'filter', field, negate, op, value: raw };
  if (modifier !== undefined) {
    if (FTS.has(op)) filter.lang = modifier;
    else if (QUANTIFIABLE.has(op) && (modifier === 'any' || modifier === 'all')) filter.quantifier = modifier;
    else throw apiError('PGRST100', { what: param, value: text, detail: `unexpected "(" expecting "."` });
  }
  if (op === 'in' || filter.quantifier) {
    const list = /^[({]([\s\S]*)[)}]$/.exec(raw);
    if (!list) {
      const open = raw.startsWith('(') || raw.startsWith('{');
      const found = open ? 'end of input' : raw ? `"${raw.slice(0, 1)}"` : 'end of input';
      throw apiError('PGRST100', {
        what: param,
        value: text,
        detail: `unexpected ${found} expecting ${open ? '")"' : '"("'}`,
      });
    }
    const body = list[1] ?? '';
    filter.value = body === '' ? [] : splitTop(body).map((v) => unquote(v.trim()));
  } else if (op === 'is' && !IS_VALUES.has(raw.toLowerCase())) {
    throw apiError('PGRST100', {
      what: param,
      value: text,
      detail: `unexpected "${raw.slice(0, 1)}" expecting null or trilean value (unknown, true, false)`,
    });
  }
  return filter;
}

/** A filter column: name plus JSON path, e.g. `data->a->>b`. */
export function parseField(text: string, param: string): FieldRef {
  const c = new Cursor(text, param);
  const name = c.name();
  const path = c.jsonPath();
  if (!c.done()) c.fail('"->" or end of input');
  return { name, path };
}

/** Parses one item of a logic tree. */
function parseLogicItem(text: string, param: string): Condition {
  const logic = /^(not\.)?(and|or)\(([\s\S]*)\)$/.exec(text);
  if (logic) return parseLogic(logic[2] as 'and' | 'or', Boolean(logic[1]), `(${logic[3]})`, param);
  // field.op.value — the field ends at the first '.' not inside a quoted name.
  const c = new Cursor(text, param);
  const name = c.name();
  const path = c.jsonPath();
  if (!c.eat('.')) c.fail('"." or "->"');
  return parseOperation({ name, path }, text.slice(c.pos), param, true);
}

/** Parses `(a.eq.1,or(b.gt.2,c.is.null))` given as the value of an `or`/`and` parameter. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string, param = 'logic tree'): Logic {
  const m = /^\(([\s\S]*)\)$/.exec(value);
  if (!m || m[1] === '') {
    const found = value.startsWith('(')
      ? m
        ? '")"'
        : 'end of input'
      : value
        ? `"${value.slice(0, 1)}"`
        : 'end of input';
    throw apiError('PGRST100', {
      what: param,
      value,
      detail: `unexpected ${found} expecting ${value.startsWith('(') ? 'field name' : '"("'}`,
    });
  }
  const children = splitTop(m[1] ?? '').map((item) => parseLogicItem(item.trim(), param));
  return { kind: 'logic', op, negate, children };
}

/** Parses `order=name.desc.nullslast,id`. */
export function parseOrder(value: string): OrderTerm[] {
  return splitTop(value).map((term) => {
    const c = new Cursor(term, 'order');
    let name = c.name();
    let relation: string | undefined;
    if (c.eat('(')) {
      relation = name;
      name = c.name();
    }
    const path = c.jsonPath();
    if (relation !== undefined) c.expect(')');
    const out: OrderTerm = { field: { name, path }, ...(relation !== undefined ? { relation } : {}) };
    while (c.eat('.')) {
      if (c.eat('asc')) out.dir = 'asc';
      else if (c.eat('desc')) out.dir = 'desc';
      else if (c.eat('nullsfirst')) out.nulls = 'first';
      else if (c.eat('nullslast')) out.nulls = 'last';
      else c.fail('"asc", "desc", "nullsfirst" or "nullslast"');
    }
    if (!c.done()) c.fail('"." or end of input');
    return out;
  });
}
