/** Function calls through supabase-js: POST and GET, scalar, set-returning, composite, void, filters on results. */
import { describe, expect, it } from 'vitest';
import { anon, asUser, rest, service } from './rest-helpers.ts';

const db = anon();

describe('rest: rpc', () => {
  it('calls a scalar function by POST and by GET, with defaults', async () => {
    expect(await db.rpc('rest_add', { a: 2, b: 3 })).toMatchObject({ data: 5, error: null, status: 200 });
    expect((await db.rpc('rest_add', { a: 2 }, { get: true })).data).toBe(3);
    const raw = await rest('/rpc/rest_add?a=40&b=2');
    expect(raw.text).toBe('42');
  });

  it('passes arrays and JSON with their types', async () => {
    expect((await db.rpc('rest_sum_array', { nums: [1, 2, 3] })).data).toBe(6);
    expect((await db.rpc('rest_sum_array', { nums: [4, 5] }, { get: true })).data).toBe(9);
    expect((await db.rpc('rest_echo', { any: ['shape', { n: 1 }] })).data).toEqual({
      any: ['shape', { n: 1 }],
    });
  });

  it('estimates the count of a function called with arguments and filtered (count=planned)', async () => {
    for (const get of [false, true]) {
      const planned = await db
        .rpc('rest_cities_of', { country: 'FR' }, { count: 'planned', get })
        .select('name')
        .gt('population', 1000000);
      expect(planned.error).toBeNull();
      expect(planned.data).toEqual([{ name: 'Paris' }]);
      expect(typeof planned.count).toBe('number');
    }
  });

  it('filters, orders, selects and embeds on set-returning functions', async () => {
    const { data } = await db
      .rpc('rest_cities_of', { country: 'DE' })
      .select('name, countries(code)')
      .order('name', { ascending: false });
    expect(data).toEqual([
      { name: 'Munich', countries: { code: 'DE' } },
      { name: 'Berlin', countries: { code: 'DE' } },
    ]);
    const filtered = await db
      .rpc('rest_cities_of', { country: 'FR' }, { get: true })
      .select('name')
      .gt('population', 1000000);
    expect(filtered.data).toEqual([{ name: 'Paris' }]);
    const counted = await db
      .rpc('rest_cities_of', { country: 'FR' }, { count: 'exact' })
      .select('id')
      .limit(1);
    expect(counted.count).toBe(2);
    expect((await db.rpc('rest_numbers', { n: 3 })).data).toEqual([1, 2, 3]);
    expect((await db.rpc('rest_totals')).data).toEqual([
      { continent: 'Asia', countries: 1 },
      { continent: 'Europe', countries: 2 },
      { continent: null, countries: 1 },
    ]);
  });

  it('returns a composite as one object', async () => {
    expect((await db.rpc('rest_country', { code_in: 'JP' })).data).toEqual({
      id: 3,
      name: 'Japan',
      code: 'JP',
      continent: 'Asia',
    });
    const single = await db.rpc('rest_cities_of', { country: 'JP' }).select('name').single();
    expect(single.data).toEqual({ name: 'Tokyo' });
  });

  it('calls functions of another exposed schema through Content-Profile', async () => {
    const { data, error } = await db.schema('graphql_public').rpc('graphql', { query: '{ __typename }' });
    expect(error).toBeNull();
    expect(data).toEqual({ errors: [{ message: 'pg_graphql extension is not enabled.' }] });
  });

  it('answers 204 for void functions, and HEAD without a body', async () => {
    expect(await db.rpc('rest_noop')).toMatchObject({ data: null, error: null, status: 204 });
    const head = await db.rpc('rest_numbers', { n: 2 }, { head: true });
    expect({ data: head.data, status: head.status }).toEqual({ data: null, status: 200 });
  });

  it('runs as the caller with the request settings, GET read-only', async () => {
    const user = await asUser('11111111-1111-1111-1111-111111111111').rpc('rest_whoami');
    expect(user.data).toEqual({
      role: 'authenticated',
      uid: '11111111-1111-1111-1111-111111111111',
      method: 'POST',
      path: '/rpc/rest_whoami',
      apikey: true,
      read_only: 'on',
    });
    expect((await service().rpc('rest_whoami', {}, { get: true })).data).toMatchObject({
      role: 'service_role',
      method: 'GET',
    });
    const write = await db.rpc('rest_bump', { item_id: 3 }, { get: true });
    expect(write.status).toBe(405);
    expect(write.error).toMatchObject({
      code: '25006',
      message: 'cannot execute UPDATE in a read-only transaction',
    });
  });

  it('maps raised exceptions, and lets functions set status and headers', async () => {
    const { error, status } = await db.rpc('rest_fail', { message: 'nope' });
    expect(status).toBe(400);
    expect(error).toEqual({ code: 'P0001', details: null, hint: 'from rest_fail', message: 'nope' });
    const teapot = await rest('/rpc/rest_teapot', { method: 'POST', body: '{}' });
    expect(teapot.status).toBe(418);
    expect(teapot.headers.get('x-brewed')).toBe('yes');
    expect(teapot.json()).toBe('short and stout');
  });

  it("lets RAISE SQLSTATE 'PGRST' decide the whole error response", async () => {
    const res = await rest('/rpc/rest_payment_required', { method: 'POST', body: '{}' });
    expect(res.status).toBe(402);
    expect(res.headers.get('x-powered-by')).toBe('Nerd Rage');
    expect(res.json()).toEqual({
      code: '123',
      details: 'Quota exceeded',
      hint: 'Upgrade your plan',
      message: 'Payment Required',
    });
  });

  it("applies the role's statement_timeout and maps the cancel to 500", async () => {
    const { error, status } = await db.rpc('rest_sleep', { seconds: 10 });
    expect(status).toBe(500);
    expect(error).toEqual({
      code: '57014',
      details: null,
      hint: null,
      message: 'canceling statement due to statement timeout',
    });
  });

  it('answers PGRST202 for unknown functions or arguments', async () => {
    const { error, status } = await db.rpc('rest_add', { x: 1 });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.rest_add with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
      message: 'Could not find the function public.rest_add(x) in the schema cache',
    });
    const typo = await db.rpc('rest_ad', { a: 1 });
    expect(typo.error?.hint).toBe('Perhaps you meant to call the function public.rest_add');
    const missing = await db.rpc('no_such_function');
    expect(missing.error?.message).toBe(
      'Could not find the function public.no_such_function without parameters in the schema cache',
    );
  });
});
