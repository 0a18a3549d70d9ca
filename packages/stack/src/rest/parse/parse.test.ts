/** The pure request parsers: select trees, filters, logic trees, order, Prefer and Accept. */
import { describe, expect, it } from 'vitest';
import { parseLogic, parseOperation, parseOrder } from './filter.ts';
import { parseAccept, parsePrefer } from './request.ts';
import { parseSelect } from './select.ts';

const field = { name: 'c', path: [] };

describe('parseSelect', () => {
  it('reads columns, aliases, casts, JSON paths and embeddings', () => {
    expect(parseSelect('id, label:name, price::text, w:data->size->>w')).toEqual([
      { kind: 'field', name: 'id', path: [] },
      { kind: 'field', name: 'name', path: [], alias: 'label' },
      { kind: 'field', name: 'price', path: [], cast: 'text' },
      {
        kind: 'field',
        name: 'data',
        path: [
          { arrow: '->', key: 'size' },
          { arrow: '->>', key: 'w' },
        ],
        alias: 'w',
      },
    ]);
    expect(parseSelect('*,c:cities!fk!inner(name),...countries(code),langs()')).toEqual([
      { kind: 'star' },
      {
        kind: 'embed',
        relation: 'cities',
        alias: 'c',
        hint: 'fk',
        join: 'inner',
        spread: false,
        children: [{ kind: 'field', name: 'name', path: [] }],
      },
      {
        kind: 'embed',
        relation: 'countries',
        spread: true,
        children: [{ kind: 'field', name: 'code', path: [] }],
      },
      { kind: 'embed', relation: 'langs', spread: false, children: [] },
    ]);
    expect(parseSelect('"my col"')).toEqual([{ kind: 'field', name: 'my col', path: [] }]);
    expect(parseSelect('')).toEqual([{ kind: 'star' }]);
  });

  it('refuses what is not the grammar with PGRST100 and the column', () => {
    expect(() => parseSelect('name,(')).toThrow(
      expect.objectContaining({
        code: 'PGRST100',
        message: '"failed to parse select parameter (name,()" (line 1, column 6)',
      }),
    );
    expect(() => parseSelect('a;drop table x')).toThrow(expect.objectContaining({ code: 'PGRST100' }));
    expect(() => parseSelect('a(b')).toThrow(expect.objectContaining({ code: 'PGRST100' }));
  });

  it('reads aggregates with aliases and both casts (the planner decides whether they are allowed)', () => {
    expect(parseSelect('count(),n:count()::text')).toEqual([
      { kind: 'field', name: '', path: [], aggregate: 'count' },
      { kind: 'field', name: '', path: [], aggregate: 'count', alias: 'n', resultCast: 'text' },
    ]);
    expect(parseSelect('total:price::int.sum(),price.avg()::int,status')).toEqual([
      { kind: 'field', name: 'price', path: [], alias: 'total', cast: 'int', aggregate: 'sum' },
      { kind: 'field', name: 'price', path: [], aggregate: 'avg', resultCast: 'int' },
      { kind: 'field', name: 'status', path: [] },
    ]);
  });
});

describe('parseOperation and parseLogic', () => {
  it('reads operators, negation, modifiers and lists', () => {
    expect(parseOperation(field, 'not.in.(1,"a,b",3)')).toMatchObject({
      negate: true,
      op: 'in',
      value: ['1', 'a,b', '3'],
    });
    expect(parseOperation(field, 'fts(english).cat & dog')).toMatchObject({
      op: 'fts',
      lang: 'english',
      value: 'cat & dog',
    });
    expect(parseOperation(field, 'like(any).{a*,b*}')).toMatchObject({
      op: 'like',
      quantifier: 'any',
      value: ['a*', 'b*'],
    });
    expect(parseOperation(field, 'eq.a.b.c')).toMatchObject({ op: 'eq', value: 'a.b.c' });
    expect(() => parseOperation(field, 'is.maybe')).toThrow(expect.objectContaining({ code: 'PGRST100' }));
    expect(() => parseOperation(field, 'nope.1')).toThrow(
      expect.objectContaining({ details: 'unexpected "n" expecting "not" or operator (eq, gt, ...)' }),
    );
  });

  it('reads nested logic trees with quoted values', () => {
    const tree = parseLogic('or', false, '(a.eq.1,and(b.gt.2,c.not.is.null),d.in.(x,y),e.eq."p,q")');
    expect(tree.children.map((c) => (c.kind === 'logic' ? c.op : `${c.field.name}:${c.op}`))).toEqual([
      'a:eq',
      'and',
      'd:in',
      'e:eq',
    ]);
    expect(tree.children[3]).toMatchObject({ value: 'p,q' });
    expect(() => parseLogic('or', false, 'a.eq.1')).toThrow(expect.objectContaining({ code: 'PGRST100' }));
  });

  it('reads order terms', () => {
    expect(parseOrder('name.desc.nullslast,id,data->>x.asc')).toEqual([
      { field: { name: 'name', path: [] }, dir: 'desc', nulls: 'last' },
      { field: { name: 'id', path: [] } },
      { field: { name: 'data', path: [{ arrow: '->>', key: 'x' }] }, dir: 'asc' },
    ]);
    expect(() => parseOrder('id.up')).toThrow(expect.objectContaining({ code: 'PGRST100' }));
  });
});

describe('parsePrefer and parseAccept', () => {
  it('keeps the preferences PostgREST knows', () => {
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates, bogus=1')).toEqual({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
    });
    expect(parsePrefer('handling=strict, max-affected=5')).toEqual({ handling: 'strict', maxAffected: 5 });
  });

  it('negotiates the media type', () => {
    expect(parseAccept(null)).toEqual({ media: 'json', stripNulls: false });
    expect(parseAccept('application/vnd.pgrst.object+json;nulls=stripped')).toEqual({
      media: 'object',
      stripNulls: true,
    });
    expect(parseAccept('text/csv')).toEqual({ media: 'csv', stripNulls: false });
    expect(() => parseAccept('application/xml')).toThrow(
      expect.objectContaining({ code: 'PGRST107', status: 406 }),
    );
  });
});
