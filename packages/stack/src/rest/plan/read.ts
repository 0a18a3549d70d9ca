/**
 * @module rest/plan/read — checks a parsed select tree, its filters and orders against the schema cache
 * and resolves each embedding to a relationship: the read plan tree the SQL builder walks.
 */
import { apiError } from '../errors.ts';
import type { Condition, FieldRef, OrderTerm } from '../parse/filter.ts';
import type { ApiRequest, Range } from '../parse/request.ts';
import type { Aggregate, FieldItem, SelectItem } from '../parse/select.ts';
import type { Column, FunctionInfo, SchemaCache, Table } from '../schema/types.ts';
import { findRelationship, isToOne, type Relationship } from './relationships.ts';

export type OutField =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldRef; key: string; cast?: string }
  | { kind: 'computed'; fn: FunctionInfo; key: string; cast?: string }
  /** `amount.sum()`; `field` is null for `count()`. The other fields of its level group the rows. */
  | {
      kind: 'aggregate';
      fn: Aggregate;
      field: FieldRef | null;
      key: string;
      cast?: string;
      resultCast?: string;
    };

export interface Embed {
  node: ReadNode;
  rel: Relationship;
  key: string;
  inner: boolean;
  spread: boolean;
  toOne: boolean;
  /** `cities()`: joined for filtering, left out of the output. */
  hidden: boolean;
}

export interface ReadNode {
  /** Label for error messages (the table or function name). */
  label: string;
  /** The name SQL errors use for this level: the table, `<table>_<depth>` for embeddings, `pgrst_call`. */
  sqlName: string;
  table: Table | null;
  columns: Map<string, Column>;
  alias: string;
  fields: OutField[];
  embeds: Embed[];
  where: Condition[];
  order: OrderTerm[];
  range: Range;
}

export interface Source {
  label: string;
  sqlName?: string;
  table: Table | null;
  columns: Map<string, Column>;
}

/** PostgREST's name for `data->a->>b` (b), `data->1` (data) and `data->x->2` (x). */
function outputKey(name: string, path: { key: string }[]): string {
  const last = path.at(-1);
  if (!last) return name;
  if (!/^-?\d+$/.test(last.key)) return last.key;
  return [...path].reverse().find((s) => !/^-?\d+$/.test(s.key))?.key ?? name;
}

class Planner {
  readonly cache: SchemaCache;
  readonly req: ApiRequest;
  count = 0;
  constructor(cache: SchemaCache, req: ApiRequest) {
    this.cache = cache;
    this.req = req;
  }

  node(source: Source, items: SelectItem[], path: string): ReadNode {
    const node: ReadNode = {
      label: source.label,
      sqlName: source.sqlName ?? source.label,
      table: source.table,
      columns: source.columns,
      alias: `t${this.count++}`,
      fields: [],
      embeds: [],
      where: [],
      order: [],
      range: this.req.ranges.get(path) ?? {},
    };
    for (const item of items) {
      if (item.kind === 'star') node.fields.push({ kind: 'star' });
      else if (item.kind === 'field' && this.isAggregate(source, item))
        node.fields.push(this.aggregate(node, item));
      else if (item.kind === 'field') {
        const computed = source.table?.computed.get(item.name);
        const key = item.alias ?? outputKey(item.name, item.path);
        if (computed && item.path.length === 0) {
          node.fields.push({
            kind: 'computed',
            fn: computed,
            key,
            ...(item.cast ? { cast: item.cast } : {}),
          });
          continue;
        }
        this.column(node, item.name);
        node.fields.push({
          kind: 'column',
          field: { name: item.name, path: item.path },
          key,
          ...(item.cast ? { cast: item.cast } : {}),
        });
      } else {
        if (!source.table) throw apiError('PGRST200', source.label, item.relation);
        const rel = findRelationship(this.cache, source.table, item.relation, item.hint);
        const key = item.alias ?? item.relation;
        // PostgREST names each embedding's subquery after its key: two alike collide in Postgres.
        if (node.embeds.some((e) => e.key === key && !e.spread) && !item.spread)
          throw apiError(
            '42712',
            `${source.sqlName ?? source.label}_${key}_${path.split('.').filter(Boolean).length + 1}`,
          );
        const childPath = path ? `${path}.${key}` : key;
        // A to-many spread turns each column into an array, so `*` must become the named columns.
        const children =
          item.spread && !isToOne(rel)
            ? item.children.flatMap((c): SelectItem[] =>
                c.kind === 'star'
                  ? [...rel.target.columns.keys()].map((name) => ({ kind: 'field', name, path: [] }))
                  : [c],
              )
            : item.children;
        const child = this.node(
          {
            label: rel.target.name,
            sqlName: `${rel.target.name}_${childPath.split('.').length}`,
            table: rel.target,
            columns: rel.target.columns,
          },
          children,
          childPath,
        );
        node.embeds.push({
          node: child,
          rel,
          key,
          inner: item.join === 'inner',
          spread: item.spread,
          toOne: isToOne(rel),
          hidden: item.children.length === 0,
        });
      }
    }
    node.where = (this.req.conditions.get(path) ?? []).map((c) => this.condition(node, c));
    node.order = (this.req.orders.get(path) ?? []).map((o) => {
      if (o.relation === undefined) this.column(node, o.field.name);
      else this.relatedOrder(node, o.relation, o.field.name);
      return o;
    });
    return node;
  }

  /** `count()`, `col.sum()`, and PostgREST's older `messages(count)` where no column is named count. */
  isAggregate(source: Source, item: FieldItem): boolean {
    if (item.aggregate) return true;
    return (
      item.name === 'count' &&
      item.path.length === 0 &&
      !item.cast &&
      !source.columns.has('count') &&
      !source.table?.computed.has('count')
    );
  }

  aggregate(node: ReadNode, item: FieldItem): OutField {
    // Off unless the authenticator role sets pgrst.db_aggregates_enabled, as in PostgREST.
    if (!this.cache.config.aggregatesEnabled) throw apiError('PGRST123');
    const fn = item.aggregate ?? 'count';
    const counted = item.name === '' || (!item.aggregate && item.name === 'count');
    if (!counted) this.column(node, item.name);
    return {
      kind: 'aggregate',
      fn,
      field: counted ? null : { name: item.name, path: item.path },
      key: item.alias ?? fn,
      ...(item.cast ? { cast: item.cast } : {}),
      ...(item.resultCast ? { resultCast: item.resultCast } : {}),
    };
  }

  /** `order=countries(name)` needs a to-one embedding named so, and that column in it. */
  relatedOrder(node: ReadNode, relation: string, column: string): void {
    const embed = node.embeds.find((e) => e.key === relation);
    if (!embed?.toOne || embed.hidden) {
      throw apiError('PGRST118', relation, node.label);
    }
    this.column(embed.node, column);
  }

  column(node: ReadNode, name: string): void {
    if (!node.columns.has(name) && !node.table?.computed.has(name))
      throw apiError('42703', node.sqlName, name, node.columns.keys());
  }

  condition(node: ReadNode, c: Condition): Condition {
    if (c.kind === 'logic') return { ...c, children: c.children.map((x) => this.condition(node, x)) };
    // `cities=not.is.null` filters the parent on whether the embedding found rows.
    if (!node.columns.has(c.field.name) && node.embeds.some((e) => e.key === c.field.name)) {
      if (c.op !== 'is' || c.field.path.length)
        throw apiError('42703', node.sqlName, c.field.name, node.columns.keys());
      return c;
    }
    this.column(node, c.field.name);
    return c;
  }
}

/** Checks that filters, orders and ranges only name embeddings that the select contains. */
function checkPaths(req: ApiRequest, root: ReadNode): void {
  const known = new Set<string>(['']);
  const walk = (n: ReadNode, prefix: string) => {
    for (const e of n.embeds) {
      const p = prefix ? `${prefix}.${e.key}` : e.key;
      known.add(p);
      walk(e.node, p);
    }
  };
  walk(root, '');
  for (const map of [req.conditions, req.orders, req.ranges]) {
    for (const path of map.keys()) {
      if (!known.has(path)) {
        throw apiError('PGRST108', path);
      }
    }
  }
}

export function planRead(cache: SchemaCache, req: ApiRequest, source: Source): ReadNode {
  const root = new Planner(cache, req).node(source, req.select, '');
  checkPaths(req, root);
  return root;
}

/** Type names a request may cast to (`col::text`): plain words only, so splicing one cannot inject SQL. */
export function safeType(type: string): string | null {
  return /^[A-Za-z_][A-Za-z0-9_ ]{0,62}(\[\])?$/.test(type) ? type.toLowerCase() : null;
}

/**
 * Refuses a cast to anything but a type name (PGRST100), in the order the SQL would meet them:
 * embeddings first, then the level's own fields. Only reads that are rendered are checked, as only
 * they would reach Postgres (a write answering minimal never reads its select back).
 */
export function checkCasts(node: ReadNode): void {
  for (const e of node.embeds) checkCasts(e.node);
  for (const f of node.fields) {
    // A count(*) has no argument to cast.
    const casts =
      f.kind === 'star'
        ? []
        : f.kind === 'aggregate'
          ? [f.field ? f.cast : undefined, f.resultCast]
          : [f.cast];
    for (const cast of casts) if (cast && !safeType(cast)) throw apiError('PGRST100', { cast });
  }
}
