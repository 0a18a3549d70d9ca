import { describe, expect, it } from 'vitest';
import type { ApiError } from '../errors.ts';
import { request, schemaCache } from '../testing/schema.ts';
import { planRequest } from './index.ts';
import type { ReadNode } from './read.ts';

const cache = schemaCache();

/** The read tree a GET plans. */
function readOf(pathAndQuery: string): ReadNode {
  const plan = planRequest(cache, request(pathAndQuery), undefined, { maxRows: null });
  if (plan.query.source.kind !== 'read') throw new Error('not a read');
  return plan.query.source.node;
}

function refusal(pathAndQuery: string): ApiError {
  try {
    planRequest(cache, request(pathAndQuery), undefined, { maxRows: null });
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('planned without an error');
}

describe('read plans', () => {
  it('names the relation, its columns and each embedding with its join columns', () => {
    const root = readOf('/countries?select=id,name,cities(name)');
    expect(root.table?.name).toBe('countries');
    expect(root.alias).toBe('t0');
    expect(root.fields).toEqual([
      { kind: 'column', field: { name: 'id', path: [] }, key: 'id' },
      { kind: 'column', field: { name: 'name', path: [] }, key: 'name' },
    ]);
    expect(root.embeds).toHaveLength(1);
    const [cities] = root.embeds;
    expect(cities?.key).toBe('cities');
    expect(cities?.rel.cardinality).toBe('one-to-many');
    expect(cities?.rel.pairs).toEqual([['id', 'country_id']]);
    expect(cities?.toOne).toBe(false);
    expect(cities?.node.alias).toBe('t1');
    expect(cities?.node.sqlName).toBe('cities_1');
    expect(cities?.node.fields).toEqual([{ kind: 'column', field: { name: 'name', path: [] }, key: 'name' }]);
  });

  it('puts filters, orders and ranges on the level they name', () => {
    const root = readOf(
      '/countries?select=name,cities!inner(name)&name=like.A*&cities.name=eq.Paris&order=name.desc&limit=2&offset=1&cities.limit=5',
    );
    expect(root.where).toEqual([
      { kind: 'filter', field: { name: 'name', path: [] }, negate: false, op: 'like', value: 'A*' },
    ]);
    expect(root.order).toEqual([{ field: { name: 'name', path: [] }, dir: 'desc' }]);
    expect(root.range).toEqual({ limit: 2, offset: 1 });
    const cities = root.embeds[0];
    expect(cities?.inner).toBe(true);
    expect(cities?.node.where).toEqual([
      { kind: 'filter', field: { name: 'name', path: [] }, negate: false, op: 'eq', value: 'Paris' },
    ]);
    expect(cities?.node.range).toEqual({ limit: 5 });
  });

  it('keeps aliases, casts, JSON paths and a hidden embedding used only to filter', () => {
    const root = readOf('/cities?select=town:name::text,countries(),country_id&countries=not.is.null');
    expect(root.fields[0]).toEqual({
      kind: 'column',
      field: { name: 'name', path: [] },
      key: 'town',
      cast: 'text',
    });
    expect(root.embeds[0]?.hidden).toBe(true);
    expect(root.embeds[0]?.toOne).toBe(true);
    expect(root.where[0]).toMatchObject({ field: { name: 'countries' }, op: 'is', negate: true });
  });

  it('orders by a to-one embedding’s column', () => {
    const root = readOf('/cities?select=name,countries(name)&order=countries(name).asc');
    expect(root.order).toEqual([{ relation: 'countries', field: { name: 'name', path: [] }, dir: 'asc' }]);
  });

  it('refuses an unknown column as Postgres would, with its closest-name hint (42703)', () => {
    const error = refusal('/cities?select=nme');
    expect([error.status, error.code, error.message, error.hint]).toEqual([
      400,
      '42703',
      'column cities.nme does not exist',
      'Perhaps you meant to reference the column "cities.name".',
    ]);
    // Inside an embedding the name is the one the query would use (`countries_1`).
    expect(refusal('/cities?select=countries(nam)').message).toBe('column countries_1.nam does not exist');
  });

  it('refuses a filter on a level the select does not embed (PGRST108)', () => {
    const error = refusal('/countries?select=name&cities.name=eq.Paris');
    expect([error.status, error.code, error.hint]).toEqual([
      400,
      'PGRST108',
      "Verify that 'cities' is included in the 'select' query parameter.",
    ]);
  });

  it('refuses an order through a to-many embedding (PGRST118)', () => {
    const error = refusal('/countries?select=name,cities(name)&order=cities(name)');
    expect([error.status, error.code, error.details]).toEqual([
      400,
      'PGRST118',
      "'countries' and 'cities' do not form a many-to-one or one-to-one relationship",
    ]);
  });

  it('refuses a cast to anything but a type name before any SQL exists (PGRST100)', () => {
    // The grammar lets these through (letters, digits, spaces, brackets); only a type name may be spliced.
    const error = refusal('/cities?select=name::9lives');
    expect([error.status, error.code, error.message]).toEqual([
      400,
      'PGRST100',
      '"failed to parse select parameter" (invalid cast 9lives)',
    ]);
    // Embeddings are checked too.
    expect(refusal('/cities?select=countries(name::int[][])').message).toBe(
      '"failed to parse select parameter" (invalid cast int[][])',
    );
  });

  it('refuses an unknown table with a close name as the hint (PGRST205)', () => {
    const error = refusal('/citiess?select=*');
    expect([error.status, error.code, error.hint]).toEqual([
      404,
      'PGRST205',
      "Perhaps you meant the table 'public.cities'",
    ]);
  });
});
