/** Every filter operator postgrest-js emits, modifiers, negation and logic trees, on items with many column types. */
import { describe, expect, it } from 'vitest';
import { anon, rest } from './rest-helpers.ts';

const db = anon();
/** Ids of the seeded items (1 apple, 2 banana, 3 carrot, 4 Durian) a query returns, sorted. */
async function ids(build: (q: ReturnType<typeof base>) => PromiseLike<{ data: unknown; error: unknown }>) {
  const { data, error } = await build(base());
  expect(error).toBeNull();
  return (data as { id: number }[]).map((r) => r.id).sort();
}
const base = () => db.from('rest_items').select('id').lte('id', 4);

describe('rest: filters', () => {
  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(await ids((q) => q.eq('name', 'apple'))).toEqual([1]);
    expect(await ids((q) => q.neq('name', 'apple'))).toEqual([2, 3, 4]);
    expect(await ids((q) => q.gt('quantity', 5))).toEqual([1, 2]);
    expect(await ids((q) => q.gte('quantity', 5))).toEqual([1, 2, 4]);
    expect(await ids((q) => q.lt('price', 0.5))).toEqual([2, 3]);
    expect(await ids((q) => q.lte('price', 0.25))).toEqual([2, 3]);
  });

  it('matches patterns with like, ilike, match, imatch and their any/all forms', async () => {
    expect(await ids((q) => q.like('name', '%an%'))).toEqual([2, 4]);
    expect(await ids((q) => q.like('name', '*rr*'))).toEqual([3]);
    expect(await ids((q) => q.ilike('name', 'd%'))).toEqual([4]);
    expect(await ids((q) => q.regexMatch('name', '^[ab]'))).toEqual([1, 2]);
    expect(await ids((q) => q.regexIMatch('name', '^d'))).toEqual([4]);
    expect(await ids((q) => q.likeAnyOf('name', ['a%', 'c%']))).toEqual([1, 3]);
    expect(await ids((q) => q.likeAllOf('name', ['%a%', '%n%']))).toEqual([2, 4]);
    expect(await ids((q) => q.ilikeAnyOf('name', ['D%', 'B%']))).toEqual([2, 4]);
    expect(await ids((q) => q.ilikeAllOf('name', ['%A%', '%R%']))).toEqual([3, 4]);
    expect(await ids((q) => q.filter('id', 'eq(any)', '{1,3}'))).toEqual([1, 3]);
    expect(await ids((q) => q.filter('quantity', 'gt(all)', '{1,5}'))).toEqual([1, 2]);
  });

  it('tests membership and truth with in, is, isdistinct', async () => {
    expect(await ids((q) => q.in('name', ['apple', 'carrot', 'a,b']))).toEqual([1, 3]);
    expect(await ids((q) => q.in('name', []))).toEqual([]);
    expect(await ids((q) => q.notIn('id', [1, 2]))).toEqual([3, 4]);
    expect(await ids((q) => q.is('price', null))).toEqual([4]);
    expect(await ids((q) => q.not('price', 'is', null))).toEqual([1, 2, 3]);
    expect(await ids((q) => q.is('active', true))).toEqual([1, 2]);
    expect(await ids((q) => q.is('active', false))).toEqual([3]);
    expect(await ids((q) => q.filter('active', 'is', 'unknown'))).toEqual([4]);
    expect(await ids((q) => q.isDistinct('active', true))).toEqual([3, 4]);
  });

  it('searches text with fts, plfts, phfts and wfts', async () => {
    expect(await ids((q) => q.textSearch('description', 'fruit'))).toEqual([1, 2]);
    expect(await ids((q) => q.textSearch('description', 'red & fruit', { config: 'english' }))).toEqual([1]);
    expect(await ids((q) => q.textSearch('description', 'yellow fruit', { type: 'plain' }))).toEqual([2]);
    expect(
      await ids((q) => q.textSearch('description', 'root vegetable', { type: 'phrase', config: 'english' })),
    ).toEqual([3]);
    expect(
      await ids((q) => q.textSearch('description', '"red fruit" or yellow', { type: 'websearch' })),
    ).toEqual([1, 2]);
    expect(await ids((q) => q.textSearch('description', 'fruit -red', { type: 'websearch' }))).toEqual([2]);
  });

  it('compares arrays, JSON and ranges with cs, cd, ov, sl, sr, nxl, nxr, adj', async () => {
    expect(await ids((q) => q.contains('tags', ['fruit']))).toEqual([1, 2, 4]);
    expect(await ids((q) => q.containedBy('tags', ['fruit', 'red', 'yellow']))).toEqual([1, 2, 4]);
    expect(await ids((q) => q.overlaps('tags', ['red', 'orange']))).toEqual([1, 3]);
    expect(await ids((q) => q.contains('data', { size: { w: 5 } }))).toEqual([2]);
    expect(await ids((q) => q.rangeLt('during', '[20,30)'))).toEqual([1, 2, 3]);
    expect(await ids((q) => q.rangeGt('during', '[1,5)'))).toEqual([2, 3]);
    expect(await ids((q) => q.rangeGte('during', '[5,6)'))).toEqual([2, 3]);
    expect(await ids((q) => q.rangeLte('during', '[1,5)'))).toEqual([1]);
    expect(await ids((q) => q.rangeAdjacent('during', '[10,12)'))).toEqual([2]);
    expect(await ids((q) => q.overlaps('during', '[4,6)'))).toEqual([1, 2]);
  });

  it('filters on JSON paths', async () => {
    expect(await ids((q) => q.eq('data->>color', 'yellow'))).toEqual([2]);
    expect(await ids((q) => q.gt('data->size->w', 4))).toEqual([2]);
    expect(await ids((q) => q.eq('data->list->>1', '2'))).toEqual([1]);
  });

  it('negates any operator with not', async () => {
    expect(await ids((q) => q.not('name', 'like', '%a%'))).toEqual([]);
    expect(await ids((q) => q.not('tags', 'cs', '{fruit}'))).toEqual([3]);
    expect(await ids((q) => q.match({ name: 'banana', active: true }))).toEqual([2]);
  });

  it('combines with or, and, not trees, also inside embeddings', async () => {
    expect(await ids((q) => q.or('name.eq.apple,quantity.eq.0'))).toEqual([1, 3]);
    expect(await ids((q) => q.or('and(active.is.true,quantity.gt.15),name.in.(carrot,"Dur,ian")'))).toEqual([
      2, 3,
    ]);
    expect(await ids((q) => q.or('name.like.*an*,not.and(id.gt.1,id.lt.4)'))).toEqual([1, 2, 4]);
    expect(await ids((q) => q.or('data->>color.eq.red,tags.cs.{vegetable}'))).toEqual([1, 3]);
    const raw = await rest(
      '/rest_items?select=id&id=lte.4&not.or=(id.eq.1,id.eq.2)&and=(quantity.gte.0,name.neq.x)&order=id',
    );
    expect(raw.json()).toEqual([{ id: 3 }, { id: 4 }]);
    const embedded = await db
      .from('countries')
      .select('code, cities(name)')
      .eq('code', 'FR')
      .or('name.eq.Lyon,population.gt.2000000', { referencedTable: 'cities' })
      .order('name', { referencedTable: 'cities' });
    expect(embedded.data).toEqual([{ code: 'FR', cities: [{ name: 'Lyon' }, { name: 'Paris' }] }]);
  });

  it('takes SQL in filter values as data', async () => {
    const hostile = ["x'; drop table public.rest_items; --", 'a) or (1=1', "%' or '1'='1"];
    for (const value of hostile) {
      expect(await ids((q) => q.eq('name', value))).toEqual([]);
      expect(await ids((q) => q.in('name', [value]))).toEqual([]);
      expect(await ids((q) => q.like('name', value))).toEqual([]);
    }
    // As JSON keys they are bound values too, or refused where they break the grammar (`.`, `)`).
    expect(await ids((q) => q.eq(`data->>%' or '1'='1`, 'x'))).toEqual([]);
    expect(await ids((q) => q.eq('data->>"it\'s"', 'x'))).toEqual([]);
    for (const key of ["x'; drop table public.rest_items; --", 'a) or (1=1']) {
      const { error, status } = await base().eq(`data->>${key}`, 'x');
      expect({ code: error?.code, status }).toEqual({ code: 'PGRST100', status: 400 });
    }
    const { count } = await db.from('rest_items').select('*', { count: 'exact', head: true }).lte('id', 4);
    expect(count).toBe(4);
  });
});
