/** Error bodies and statuses: PGRST codes, SQLSTATE mapping, JWT failures, hostile input that must change nothing. */
import { describe, expect, it } from 'vitest';
import { anon, env, rest, service, signToken, userToken } from './rest-helpers.ts';

const db = anon();

describe('rest: errors', () => {
  it('answers PGRST100 for unparsable select, filters, order and limits', async () => {
    for (const path of [
      '/countries?select=name,(',
      '/countries?id=1',
      '/countries?id=eq',
      '/countries?order=id.up',
      '/countries?limit=ten',
      '/countries?or=id.eq.1',
    ]) {
      const res = await rest(path);
      expect(res.status, path).toBe(400);
      expect(res.json(), path).toMatchObject({ code: 'PGRST100', hint: null });
    }
    const error = (await rest('/countries?id=zz.1')).json();
    expect(error).toEqual({
      code: 'PGRST100',
      details: 'unexpected "z" expecting "not" or operator (eq, gt, ...)',
      hint: null,
      message: '"failed to parse filter (zz.1)" (line 1, column 1)',
    });
    const select = await rest('/countries?select=name,(');
    expect(select.json()).toMatchObject({
      message: '"failed to parse select parameter (name,()" (line 1, column 6)',
    });
  });

  it('answers 42703 for columns the table lacks, without running anything', async () => {
    const { error, status } = await db.from('countries').select('name, nope');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: '42703',
      details: null,
      hint: null,
      message: 'column countries.nope does not exist',
    });
    expect((await db.from('countries').select().eq('nope', 1)).error?.code).toBe('42703');
    expect((await db.from('countries').select().order('nope')).error?.code).toBe('42703');
    // Embeddings are aliased <table>_<depth> as in PostgREST's SQL; close names earn Postgres' hint.
    expect((await db.from('countries').select('cities(nope)')).error?.message).toBe(
      'column cities_1.nope does not exist',
    );
    expect((await db.from('countries').select('nmae')).error).toEqual({
      code: '42703',
      details: null,
      hint: 'Perhaps you meant to reference the column "countries.name".',
      message: 'column countries.nmae does not exist',
    });
    expect((await db.rpc('rest_cities_of', { country: 'FR' }).select('nope')).error?.message).toBe(
      'column pgrst_call.nope does not exist',
    );
  });

  it('answers PGRST205 for unknown tables and PGRST200/201 for relationships', async () => {
    const table = await db.from('nowhere').select();
    expect(table.status).toBe(404);
    expect(table.error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: null,
      message: "Could not find the table 'public.nowhere' in the schema cache",
    });
    const typo = await db.from('countrie').select();
    expect(typo.error?.hint).toBe("Perhaps you meant the table 'public.countries'");
    const relTypo = await db.from('countries').select('citie(name)');
    expect(relTypo.error?.hint).toBe("Perhaps you meant 'cities' instead of 'citie'.");
    const rel = await db.from('countries').select('*, rest_people(*)');
    expect(rel.status).toBe(400);
    expect(rel.error).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'countries' and 'rest_people' in the schema 'public', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'countries' and 'rest_people' in the schema cache",
    });
    const ambiguous = await db.from('rest_people').select('name, rest_people(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({
      code: 'PGRST201',
      details: expect.arrayContaining([
        {
          cardinality: 'many-to-one',
          embedding: 'rest_people with rest_people',
          relationship: 'rest_people_mentor_id_fkey using rest_people(mentor_id) and rest_people(id)',
        },
      ]),
      message:
        "Could not embed because more than one relationship was found for 'rest_people' and 'rest_people'",
    });
    const hinted = await db
      .from('rest_people')
      .select(
        'name, mentor:mentor_id(name), mentees:rest_people!mentor_id(name), reports:rest_people!manager_id(name)',
      )
      .eq('id', 1);
    expect(hinted.data).toEqual([
      { name: 'Ada', mentor: null, mentees: [{ name: 'Bob' }, { name: 'Cy' }], reports: [{ name: 'Bob' }] },
    ]);
    const notSelected = await rest('/countries?select=name&cities.name=eq.Paris');
    expect(notSelected.status).toBe(400);
    expect(notSelected.json()).toMatchObject({ code: 'PGRST108' });
  });

  it('answers PGRST116 when one object is asked for and the rows are not one', async () => {
    const many = await db.from('countries').select().single();
    expect(many.status).toBe(406);
    expect(many.error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 4 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
    const none = await rest('/countries?id=eq.0', {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(none.status).toBe(406);
    expect(none.json()).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const unsupported = await rest('/countries', { headers: { Accept: 'application/xml' } });
    expect(unsupported.status).toBe(406);
    expect(unsupported.json()).toMatchObject({ code: 'PGRST107' });
  });

  it('maps SQLSTATEs to HTTP statuses', async () => {
    const dup = await db.from('rest_items').insert({ name: 'dup', sku: 'A-1' });
    expect(dup.status).toBe(409);
    // Postgres leaves the key out of the detail when RLS applies to the caller.
    expect(dup.error).toEqual({
      code: '23505',
      details: null,
      hint: null,
      message: 'duplicate key value violates unique constraint "rest_items_sku_key"',
    });
    const dupAdmin = await service().from('rest_items').insert({ name: 'dup', sku: 'A-1' });
    expect(dupAdmin.error?.details).toBe('Key (sku)=(A-1) already exists.');
    const fk = await service().from('cities').insert({ id: 99, name: 'Atlantis', country_id: 999 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const check = await db.from('rest_items').insert({ name: 'neg', quantity: -1 });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const notNull = await db.from('rest_items').insert({ sku: 'no-name' });
    expect({ status: notNull.status, code: notNull.error?.code }).toEqual({ status: 400, code: '23502' });
    const badInt = await db.from('countries').select().eq('id', 'abc');
    expect(badInt.status).toBe(400);
    expect(badInt.error).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type bigint: "abc"',
    });
    const range = await rest('/countries?offset=10', { headers: { Prefer: 'count=exact' } });
    expect(range.status).toBe(416);
    expect(range.json()).toMatchObject({ code: 'PGRST103' });
  });

  it('refuses bad, expired and wrongly signed tokens with 401', async () => {
    const cases: [string, string, string][] = [
      ['not-a-jwt', 'PGRST301', 'Expected 3 parts in JWT; got 1'],
      [
        signToken({ role: 'authenticated', exp: 4e9 }, 'another-secret-that-is-at-least-32-chars'),
        'PGRST301',
        'No suitable key or wrong key type',
      ],
      [signToken({ role: 'authenticated', exp: 1000 }), 'PGRST303', 'JWT expired'],
    ];
    for (const [token, code, message] of cases) {
      const res = await rest('/countries', { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(401);
      const details = message.startsWith('No suitable key')
        ? 'None of the keys was able to decode the JWT'
        : null;
      expect(res.json()).toEqual({ code, details, hint: null, message });
      expect(res.headers.get('www-authenticate')).toBe(
        `Bearer error="invalid_token", error_description="${message}"`,
      );
    }
    const ghost = await rest('/countries', {
      headers: { Authorization: `Bearer ${userToken('x', { role: 'ghost' })}` },
    });
    expect(ghost.status).toBe(401);
    expect(ghost.json()).toEqual({
      code: '22023',
      details: null,
      hint: null,
      message: 'role "ghost" does not exist',
    });
  });

  it('refuses missing and unknown API keys at the gateway', async () => {
    const missing = await fetch(`${env.apiUrl}/rest/v1/countries`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ message: 'No API key found in request' });
    const wrong = await fetch(`${env.apiUrl}/rest/v1/countries`, { headers: { apikey: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid API key' });
  });

  it('refuses a JSON body that is not valid UTF-8, and stores nothing', async () => {
    const sku = `not-utf8-${Date.now()}`;
    // 0xFF never occurs in UTF-8: the body must not be stored with U+FFFD in its place.
    const body = Buffer.concat([
      Buffer.from(`{"sku":"${sku}","name":"caf`),
      Buffer.from([0xff]),
      Buffer.from('"}'),
    ]);
    const res = await fetch(`${env.apiUrl}/rest/v1/rest_items`, {
      method: 'POST',
      headers: { apikey: env.anonKey, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    });
    const { data } = await service().from('rest_items').select('id').eq('sku', sku);
    expect(data).toEqual([]);
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    const bad = await rest('/rest_items', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": ',
    });
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    });
    const mixed = await rest('/rest_items', {
      method: 'POST',
      body: JSON.stringify([{ name: 'a' }, { sku: 'b' }]),
    });
    expect(mixed.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
    const big = await rest('/rest_items', {
      method: 'POST',
      body: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
  });

  it('keeps SQL in select, order, on_conflict and columns out of the database', async () => {
    const attempts = [
      '/rest_items?select=name;drop table public.rest_items',
      '/rest_items?select=name,"x"" from pg_user;--"',
      '/rest_items?order=name;drop table public.rest_items',
      '/rest_items?select=name::text);drop table public.rest_items;--',
    ];
    for (const path of attempts) {
      const res = await rest(path);
      expect(res.status, path).toBe(400);
    }
    const conflict = await rest(
      '/rest_items?on_conflict=sku)%20do%20nothing;drop%20table%20public.rest_items;--',
      {
        method: 'POST',
        headers: { Prefer: 'resolution=merge-duplicates' },
        body: JSON.stringify({ name: 'x', sku: 'A-1' }),
      },
    );
    expect(conflict.status).toBe(400);
    expect(conflict.json()).toMatchObject({ code: '42703' });
    const columns = await rest('/rest_items?columns=name,"x;drop table public.rest_items"', {
      method: 'POST',
      body: JSON.stringify({ name: 'x' }),
    });
    expect(columns.json()).toMatchObject({ code: 'PGRST204' });
    const { count } = await service()
      .from('rest_items')
      .select('*', { count: 'exact', head: true })
      .lte('id', 4);
    expect(count).toBe(4);
  });
});
