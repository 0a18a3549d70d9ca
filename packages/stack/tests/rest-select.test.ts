/** Reads through supabase-js: columns, aliases, casts, JSON paths, embedding, order, ranges, counts, shapes. */
import { describe, expect, it } from 'vitest';
import { anon, rest } from './rest-helpers.ts';

const db = anon();

describe('rest: select', () => {
  it('selects columns with aliases, casts and JSON paths', async () => {
    const { data, error } = await db
      .from('rest_items')
      .select(
        'id, label:name, price::text, color:data->>color, size:data->size, w:data->size->>w, first:data->list->0',
      )
      .eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, label: 'apple', price: '1.50', color: 'red', size: { w: 3 }, w: '3', first: 1 },
    ]);
  });

  it('selects every column with *, in table order', async () => {
    const { data } = await db.from('countries').select().eq('id', 3);
    expect(data).toEqual([{ id: 3, name: 'Japan', code: 'JP', continent: 'Asia' }]);
    expect(Object.keys(data?.[0] ?? {})).toEqual(['id', 'name', 'code', 'continent']);
  });

  it('embeds to-one as an object and to-many as an array', async () => {
    const { data } = await db.from('cities').select('name, countries(code)').in('id', [1, 5]).order('id');
    expect(data).toEqual([
      { name: 'Paris', countries: { code: 'FR' } },
      { name: 'Tokyo', countries: { code: 'JP' } },
    ]);
    const many = await db
      .from('countries')
      .select('name, cities(name)')
      .order('id')
      .order('name', { referencedTable: 'cities' });
    expect(many.data).toEqual([
      { name: 'France', cities: [{ name: 'Lyon' }, { name: 'Paris' }] },
      { name: 'Germany', cities: [{ name: 'Berlin' }, { name: 'Munich' }] },
      { name: 'Japan', cities: [{ name: 'Tokyo' }] },
      { name: 'Nowhere', cities: [] },
    ]);
  });

  it('embeds many-to-many through the junction table', async () => {
    const { data } = await db
      .from('countries')
      .select('code, languages(name)')
      .eq('code', 'FR')
      .order('name', { referencedTable: 'languages' });
    expect(data).toEqual([{ code: 'FR', languages: [{ name: 'English' }, { name: 'French' }] }]);
  });

  it('embeds with aliases, hints, !inner, spreads and nesting', async () => {
    const hinted = await db
      .from('cities')
      .select('name, country:countries!cities_country_id_fkey(name)')
      .eq('id', 3);
    expect(hinted.data).toEqual([{ name: 'Berlin', country: { name: 'Germany' } }]);
    const byColumn = await db.from('cities').select('name, country_id(code)').eq('id', 3);
    expect(byColumn.data).toEqual([{ name: 'Berlin', country_id: { code: 'DE' } }]);
    const inner = await db.from('countries').select('name, cities!inner(name)').eq('cities.name', 'Munich');
    expect(inner.data).toEqual([{ name: 'Germany', cities: [{ name: 'Munich' }] }]);
    const left = await db
      .from('countries')
      .select('name, cities!left(name)')
      .eq('cities.name', 'Munich')
      .order('id');
    expect(left.data?.map((c) => c.cities.length)).toEqual([0, 1, 0, 0]);
    const spread = await db.from('cities').select('name, ...countries(country:name, code)').eq('id', 5);
    expect(spread.data).toEqual([{ name: 'Tokyo', country: 'Japan', code: 'JP' }]);
    const manySpread = await db
      .from('countries')
      .select('code, ...cities(city:name)')
      .eq('code', 'DE')
      .order('name', { referencedTable: 'cities' });
    expect(manySpread.data).toEqual([{ code: 'DE', city: ['Berlin', 'Munich'] }]);
    const nested = await db.from('cities').select('name, countries(name, languages(name))').eq('id', 5);
    expect(nested.data).toEqual([
      { name: 'Tokyo', countries: { name: 'Japan', languages: [{ name: 'Japanese' }] } },
    ]);
  });

  it('filters parents by whether an embedding has rows', async () => {
    const { data } = await db.from('countries').select('name, cities(name)').is('cities', null);
    expect(data).toEqual([{ name: 'Nowhere', cities: [] }]);
    const some = await db.from('countries').select('name, cities()').not('cities', 'is', null).order('id');
    expect(some.data).toEqual([{ name: 'France' }, { name: 'Germany' }, { name: 'Japan' }]);
  });

  it('embeds from a view through its inferred foreign key, and calls computed columns', async () => {
    const { data } = await db
      .from('big_cities')
      .select('name, countries(code)')
      .order('population', { ascending: false })
      .limit(2);
    expect(data).toEqual([
      { name: 'Tokyo', countries: { code: 'JP' } },
      { name: 'Berlin', countries: { code: 'DE' } },
    ]);
    const computed = await db.from('countries').select('name, country_label').eq('id', 2);
    expect(computed.data).toEqual([{ name: 'Germany', country_label: 'Germany (DE)' }]);
  });

  it('orders with direction and nulls placement, on embeddings too, and limits embeddings', async () => {
    const { data } = await db
      .from('countries')
      .select('continent')
      .order('continent', { ascending: false, nullsFirst: true })
      .order('id');
    expect(data?.map((r) => r.continent)).toEqual([null, 'Europe', 'Europe', 'Asia']);
    const embedded = await db
      .from('countries')
      .select('code, cities(name)')
      .eq('code', 'DE')
      .order('population', { referencedTable: 'cities', ascending: false })
      .limit(1, { referencedTable: 'cities' });
    expect(embedded.data).toEqual([{ code: 'DE', cities: [{ name: 'Berlin' }] }]);
  });

  it('orders by a column of a to-one embedding', async () => {
    const raw = await rest('/cities?select=name,countries(code)&order=countries(code).desc,name');
    expect((raw.json() as { name: string }[]).map((c) => c.name)).toEqual([
      'Tokyo',
      'Lyon',
      'Paris',
      'Berlin',
      'Munich',
    ]);
    const many = await rest('/countries?select=name,cities(name)&order=cities(name)');
    expect(many.status).toBe(400);
    expect(many.json()).toEqual({
      code: 'PGRST118',
      details: "'countries' and 'cities' do not form a many-to-one or one-to-one relationship",
      hint: null,
      message: "A related order on 'cities' is not possible",
    });
  });

  it('pages with limit and range, and reports counts in Content-Range', async () => {
    const page = await db.from('cities').select('id').order('id').range(1, 2);
    expect(page.data).toEqual([{ id: 2 }, { id: 3 }]);
    const counted = await db.from('cities').select('id', { count: 'exact' }).order('id').limit(2);
    expect(counted.count).toBe(5);
    expect(counted.status).toBe(206);
    const planned = await db.from('cities').select('id', { count: 'planned' });
    expect(typeof planned.count).toBe('number');
    const estimated = await db.from('cities').select('id', { count: 'estimated' });
    expect(estimated.count).toBe(5);
    const raw = await rest('/cities?select=id&order=id&offset=1&limit=2', {
      headers: { Prefer: 'count=exact' },
    });
    expect(raw.headers.get('content-range')).toBe('1-2/5');
    const header = await rest('/cities?select=id&order=id', { headers: { Range: '0-1' } });
    expect(header.json()).toEqual([{ id: 1 }, { id: 2 }]);
    expect(header.headers.get('content-range')).toBe('0-1/*');
    const empty = await rest('/cities?id=eq.999');
    expect(empty.headers.get('content-range')).toBe('*/*');
  });

  it('answers HEAD with headers and a count but no body', async () => {
    const { data, count, status } = await db.from('countries').select('*', { count: 'exact', head: true });
    expect({ data, count, status }).toEqual({ data: null, count: 4, status: 200 });
  });

  it('returns one object with single() and maybeSingle()', async () => {
    const one = await db.from('countries').select('name').eq('code', 'JP').single();
    expect(one.data).toEqual({ name: 'Japan' });
    const none = await db.from('countries').select('name').eq('code', 'XX').maybeSingle();
    expect(none).toMatchObject({ data: null, error: null });
    const raw = await rest('/countries?code=eq.FR', {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(raw.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
  });

  it('answers CSV', async () => {
    const { data } = await db
      .from('rest_items')
      .select('id, name, active, tags')
      .in('id', [1, 4])
      .order('id')
      .csv();
    expect(data).toBe('id,name,active,tags\n1,apple,t,"{fruit,red}"\n4,Durian,,{fruit}');
  });

  it('renders times in the time zone Prefer names', async () => {
    const la = await rest('/rest_items?select=t:created_at&id=eq.1', {
      headers: { Prefer: 'timezone=America/Los_Angeles' },
    });
    expect(la.headers.get('preference-applied')).toBe('timezone=America/Los_Angeles');
    expect((la.json() as { t: string }[])[0]?.t).toMatch(/-0[78]:00$/);
    const bogus = await rest('/rest_items?select=t:created_at&id=eq.1', {
      headers: { Prefer: 'timezone=Mars/Olympus' },
    });
    expect(bogus.headers.get('preference-applied')).toBeNull();
    const plain = await rest('/rest_items?select=t:created_at&id=eq.1');
    expect(bogus.json()).toEqual(plain.json());
  });

  it('strips nulls when asked', async () => {
    const { data } = await db.from('countries').select('name, continent').eq('id', 4).stripNulls();
    expect(data).toEqual([{ name: 'Nowhere' }]);
  });

  it('describes the schema as OpenAPI at the root', async () => {
    const res = await rest('/');
    expect(res.headers.get('content-type')).toBe('application/openapi+json; charset=utf-8');
    const doc = res.json() as {
      swagger: string;
      paths: Record<string, unknown>;
      definitions: Record<string, { required: string[]; properties: Record<string, unknown> }>;
    };
    expect(doc.swagger).toBe('2.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/', '/countries', '/rpc/rest_add']));
    expect(doc.definitions.cities?.required).toEqual(['id', 'name']);
    expect(doc.definitions.cities?.properties.country_id).toEqual({
      description: "Note:\nThis is a Foreign Key to `countries.id`.<fk table='countries' column='id'/>",
      format: 'bigint',
      type: 'integer',
    });
  });

  it('switches schema with Accept-Profile and refuses unexposed schemas', async () => {
    const other = await rest('/countries', { headers: { 'Accept-Profile': 'graphql_public' } });
    expect(other.status).toBe(404);
    expect(other.json()).toMatchObject({ code: 'PGRST205' });
    const { error, status } = await db.schema('auth').from('users').select();
    expect(status).toBe(406);
    expect(error).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: public, graphql_public',
      message: 'Invalid schema: auth',
    });
  });
});
