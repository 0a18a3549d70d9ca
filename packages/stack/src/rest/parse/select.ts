/**
 * @module rest/parse/select — parses the `select` query parameter into a tree: columns with aliases,
 * casts and JSON paths, and embedded resources with hints, join types and spreads.
 */
import { apiError } from '../errors.ts';

export const AGGREGATES = ['count', 'sum', 'avg', 'max', 'min'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export interface JsonStep {
  /** `->` keeps JSON, `->>` gives text. */
  arrow: '->' | '->>';
  key: string;
}

export interface FieldItem {
  kind: 'field';
  /** The column; '' for `count()`, which counts rows. */
  name: string;
  path: JsonStep[];
  alias?: string;
  /** `col::int`: the column's cast (before an aggregate applies). */
  cast?: string;
  /** `amount.sum()`, `count()`. */
  aggregate?: Aggregate;
  /** `amount.sum()::int`: the aggregate's result cast. */
  resultCast?: string;
}

export interface EmbedItem {
  kind: 'embed';
  relation: string;
  alias?: string;
  hint?: string;
  join?: 'inner' | 'left';
  spread: boolean;
  children: SelectItem[];
}

export type SelectItem = { kind: 'star' } | FieldItem | EmbedItem;

const NAME = /[\p{L}\p{N}_$ ]/u;
const JSON_KEY = /[^(\-:.,>)]/;

/** A small cursor over a parameter's text, shared by the select, filter and order parsers. */
export class Cursor {
  pos = 0;
  readonly text: string;
  readonly param: string;
  constructor(text: string, param: string) {
    this.text = text;
    this.param = param;
  }
  peek(n = 0): string {
    return this.text[this.pos + n] ?? '';
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }
  done(): boolean {
    return this.pos >= this.text.length;
  }
  fail(expecting: string): never {
    const found = this.done() ? 'end of input' : `"${this.peek()}"`;
    throw apiError('PGRST100', {
      what: this.param,
      value: this.text,
      detail: `unexpected ${found} expecting ${expecting}`,
      column: this.pos + 1,
    });
  }
  expect(s: string): void {
    if (!this.eat(s)) this.fail(`"${s}"`);
  }
  /** A double-quoted name; backslash escapes the next character. */
  quoted(): string {
    let out = '';
    while (!this.done() && this.peek() !== '"') {
      if (this.peek() === '\\' && this.peek(1)) this.pos++;
      out += this.peek();
      this.pos++;
    }
    this.expect('"');
    return out;
  }
  /** Words of `chars` joined by dashes that do not start an arrow (`first-name`, not `data->x`). */
  dashed(chars: RegExp, expecting: string): string {
    const start = this.pos;
    for (;;) {
      const from = this.pos;
      while (!this.done() && chars.test(this.peek())) this.pos++;
      if (this.pos === from) this.fail(expecting);
      if (this.peek() === '-' && this.peek(1) !== '>') this.pos++;
      else break;
    }
    return this.text.slice(start, this.pos).trim();
  }
  /** A field name: letters, digits, `_`, `$`, spaces and inner dashes, or a double-quoted name. */
  name(): string {
    return this.eat('"') ? this.quoted() : this.dashed(NAME, 'field name (* or [a..z0..9_$])');
  }
  /** `->a->>b` steps after a field name; keys may hold anything but `(-:.,>)`, or be quoted. */
  jsonPath(): JsonStep[] {
    const steps: JsonStep[] = [];
    while (this.startsWith('->')) {
      const arrow = this.eat('->>') ? '->>' : '->';
      if (arrow === '->') this.eat('->');
      const key = this.eat('"')
        ? this.quoted()
        : this.dashed(JSON_KEY, 'any non reserved character different from: .,>()');
      steps.push({ arrow, key });
    }
    return steps;
  }
}

function parseItem(c: Cursor): SelectItem {
  if (c.eat('*')) return { kind: 'star' };
  if (c.eat('...')) {
    const embed = parseEmbedTail(c, c.name(), undefined);
    if (!embed) c.fail('"("');
    return { ...embed, spread: true };
  }
  let alias: string | undefined;
  let name = c.name();
  if (c.peek() === ':' && c.peek(1) !== ':') {
    c.pos++;
    alias = name;
    if (c.eat('...')) c.fail('field name');
    name = c.name();
  }
  if (name === 'count' && c.eat('()')) {
    const field: FieldItem = { kind: 'field', name: '', path: [], aggregate: 'count' };
    if (alias !== undefined) field.alias = alias;
    const cast = castAfter(c);
    if (cast) field.resultCast = cast;
    return field;
  }
  const embed = parseEmbedTail(c, name, alias);
  if (embed) return embed;
  const field: FieldItem = { kind: 'field', name, path: c.jsonPath() };
  if (alias !== undefined) field.alias = alias;
  // `col::int.sum()` casts the column, `col.sum()::int` the result.
  const cast = castAfter(c);
  if (cast) field.cast = cast;
  const m = /^\.(count|sum|avg|max|min)\(\)/.exec(c.text.slice(c.pos));
  if (m) {
    c.pos += m[0].length;
    field.aggregate = m[1] as Aggregate;
    const result = castAfter(c);
    if (result) field.resultCast = result;
  }
  return field;
}

/** `::type` at the cursor, or undefined. */
function castAfter(c: Cursor): string | undefined {
  if (!c.eat('::')) return undefined;
  const start = c.pos;
  while (!c.done() && /[A-Za-z0-9_ [\]]/.test(c.peek())) c.pos++;
  const cast = c.text.slice(start, c.pos).trim();
  if (!cast) c.fail('cast type');
  return cast;
}

/** `name!hint!inner(children)`; null when `name` is a plain column. */
function parseEmbedTail(c: Cursor, relation: string, alias: string | undefined): EmbedItem | null {
  if (c.peek() !== '!' && c.peek() !== '(') return null;
  const item: EmbedItem = { kind: 'embed', relation, spread: false, children: [] };
  if (alias !== undefined) item.alias = alias;
  while (c.eat('!')) {
    const word = c.name();
    if (word === 'inner' || word === 'left') item.join = word;
    else if (item.hint === undefined) item.hint = word;
    else c.fail('"inner" or "left"');
  }
  c.expect('(');
  item.children = c.peek() === ')' ? [] : parseList(c, ')');
  c.expect(')');
  return item;
}

function parseList(c: Cursor, end: string): SelectItem[] {
  const items: SelectItem[] = [];
  for (;;) {
    items.push(parseItem(c));
    if (c.eat(',')) continue;
    if (c.done() || c.peek() === end) return items;
    c.fail('"," or end of input');
  }
}

/** Parses `select=id,name,country:countries!inner(name)`; an empty value means `*`. */
export function parseSelect(text: string): SelectItem[] {
  // Whitespace outside quotes is insignificant, as in PostgREST.
  const compact = text.replace(/"[^"]*"|\s+/g, (m) => (m.startsWith('"') ? m : ''));
  if (compact === '') return [{ kind: 'star' }];
  const c = new Cursor(compact, 'select parameter');
  const items = parseList(c, '');
  if (!c.done()) c.fail('end of input');
  return items;
}
