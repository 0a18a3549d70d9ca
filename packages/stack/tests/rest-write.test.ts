/** Writes through supabase-js: insert (bulk, columns, defaults), upsert, update, delete, Prefer options. */
import { describe, expect, it } from 'vitest';
import { anon, rest, service } from './rest-helpers.ts';

const db = anon();
const admin = service();
const tag = `w${Date.now()}`;
/** `maxAffected()` is typed for PostgREST 13 clients only; the untyped client sends the same headers. */
const strict = <T>(query: T, rows: number): T =>
  (query as unknown as { maxAffected(n: number): T }).maxAffected(rows);

describe('rest: writes', () => {
  it('inserts one row and returns it with select()', async () => {
    const { data, error, status } = await db
      .from('rest_items')
      .insert({ name: `${tag}-one`, tags: ['a', 'b'], data: { n: 1 }, price: 2.5 })
      .select('name, tags, data, price, quantity, active')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({
      name: `${tag}-one`,
      tags: ['a', 'b'],
      data: { n: 1 },
      price: 2.5,
      quantity: 0,
      active: true,
    });
  });

  it('inserts without a representation: 201 and no body', async () => {
    const { data, error, status } = await db.from('rest_items').insert({ name: `${tag}-minimal` });
    expect({ data, error, status }).toEqual({ data: null, error: null, status: 201 });
    const raw = await rest('/rest_items', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
      body: JSON.stringify({ id: 9001, name: `${tag}-located` }),
    });
    expect(raw.status).toBe(201);
    expect(raw.headers.get('location')).toBe('/rest_items?id=eq.9001');
    expect(raw.text).toBe('');
  });

  it('bulk-inserts arrays: missing keys are null, or the column default with defaultToNull: false', async () => {
    const rows = [{ name: `${tag}-b1`, quantity: 3 }, { name: `${tag}-b2` }];
    const nulls = await db.from('rest_items').insert(rows).select('name, quantity');
    expect(nulls.error).toMatchObject({ code: '23502' });
    expect(nulls.status).toBe(400);
    const defaults = await db
      .from('rest_items')
      .insert(rows, { defaultToNull: false })
      .select('name, quantity, active')
      .order('name');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { name: `${tag}-b1`, quantity: 3, active: true },
      { name: `${tag}-b2`, quantity: 0, active: true },
    ]);
    const raw = await rest('/rest_items?columns=name&select=name,quantity', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify([{ name: `${tag}-c1`, quantity: 99 }]),
    });
    expect(raw.json()).toEqual([{ name: `${tag}-c1`, quantity: 0 }]);
    expect(raw.headers.get('content-range')).toBe('*/*');
    expect(raw.headers.get('preference-applied')).toBe('return=representation');
  });

  it('keeps big numbers exact', async () => {
    const { data } = await db
      .from('rest_items')
      .insert({ id: 9007199254740993n as unknown as number, name: `${tag}-big` })
      .select('id::text')
      .single();
    expect(data).toEqual({ id: '9007199254740993' });
  });

  it('upserts with merge-duplicates and ignore-duplicates on a conflict target', async () => {
    await db.from('rest_items').insert({ name: `${tag}-u`, sku: `${tag}-SKU`, quantity: 1 });
    const merged = await db
      .from('rest_items')
      .upsert({ name: `${tag}-u2`, sku: `${tag}-SKU`, quantity: 7 }, { onConflict: 'sku' })
      .select('name, sku, quantity');
    expect(merged.data).toEqual([{ name: `${tag}-u2`, sku: `${tag}-SKU`, quantity: 7 }]);
    // Nothing new was inserted: 200 rather than 201, as PostgREST answers.
    expect(merged.status).toBe(200);
    const ignored = await db
      .from('rest_items')
      .upsert(
        { name: `${tag}-u3`, sku: `${tag}-SKU`, quantity: 8 },
        { onConflict: 'sku', ignoreDuplicates: true },
      )
      .select('name');
    expect(ignored.data).toEqual([]);
    const byPk = await db
      .from('rest_items')
      .upsert({ id: 9001, name: `${tag}-pk` })
      .select('id, name');
    expect(byPk.data).toEqual([{ id: 9001, name: `${tag}-pk` }]);
    const fresh = await db
      .from('rest_items')
      .upsert({ name: `${tag}-new`, sku: `${tag}-NEW` }, { onConflict: 'sku' });
    expect(fresh.status).toBe(201);
    const { data } = await db.from('rest_items').select('name, quantity').eq('sku', `${tag}-SKU`);
    expect(data).toEqual([{ name: `${tag}-u2`, quantity: 7 }]);
  });

  it('updates filtered rows, with or without a representation', async () => {
    await db.from('rest_items').insert([{ name: `${tag}-q1` }, { name: `${tag}-q2` }]);
    const minimal = await db.from('rest_items').update({ quantity: 5 }).like('name', `${tag}-q%`);
    expect({ status: minimal.status, data: minimal.data }).toEqual({ status: 204, data: null });
    const rep = await db
      .from('rest_items')
      .update({ description: 'changed' })
      .eq('name', `${tag}-q1`)
      .select('name, quantity, description');
    expect(rep.status).toBe(200);
    expect(rep.data).toEqual([{ name: `${tag}-q1`, quantity: 5, description: 'changed' }]);
    const counted = await db
      .from('rest_items')
      .update({ quantity: 6 }, { count: 'exact' })
      .like('name', `${tag}-q%`);
    expect(counted.count).toBe(2);
  });

  it('deletes filtered rows and refuses unfiltered updates and deletes', async () => {
    await db.from('rest_items').insert({ name: `${tag}-d` });
    const { data, status } = await db.from('rest_items').delete().eq('name', `${tag}-d`).select('name');
    expect({ data, status }).toEqual({ data: [{ name: `${tag}-d` }], status: 200 });
    const gone = await db.from('rest_items').select('id').eq('name', `${tag}-d`);
    expect(gone.data).toEqual([]);
    const all = await db.from('rest_items').delete();
    expect(all.status).toBe(400);
    expect(all.error).toEqual({
      code: '21000',
      details: null,
      hint: null,
      message: 'DELETE requires a WHERE clause',
    });
    const upd = await db.from('rest_items').update({ quantity: 1 });
    expect(upd.error?.message).toBe('UPDATE requires a WHERE clause');
    const { count } = await admin.from('rest_items').select('*', { count: 'exact', head: true }).lte('id', 4);
    expect(count).toBe(4);
  });

  it('rolls back with Prefer: tx=rollback and when single() does not match one row', async () => {
    const rolled = await db
      .from('rest_items')
      .insert({ name: `${tag}-rb` })
      .select('name')
      .rollback();
    expect(rolled.data).toEqual([{ name: `${tag}-rb` }]);
    const none = await db.from('rest_items').select('id').eq('name', `${tag}-rb`);
    expect(none.data).toEqual([]);
    await db.from('rest_items').insert([
      { name: `${tag}-s`, quantity: 1 },
      { name: `${tag}-s`, quantity: 1 },
    ]);
    const single = await db
      .from('rest_items')
      .update({ quantity: 2 })
      .eq('name', `${tag}-s`)
      .select()
      .single();
    expect(single.status).toBe(406);
    expect(single.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    const after = await db.from('rest_items').select('quantity').eq('name', `${tag}-s`);
    expect(after.data).toEqual([{ quantity: 1 }, { quantity: 1 }]);
  });

  it('refuses to affect more rows than Prefer: max-affected allows', async () => {
    await db.from('rest_items').insert([{ name: `${tag}-m` }, { name: `${tag}-m` }]);
    const over = await strict(db.from('rest_items').update({ quantity: 9 }).eq('name', `${tag}-m`), 1);
    expect(over.status).toBe(400);
    expect(over.error).toEqual({
      code: 'PGRST124',
      details: 'The query affects 2 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    });
    const within = await strict(db.from('rest_items').delete().eq('name', `${tag}-m`), 2);
    expect(within.status).toBe(204);
    expect((await db.from('rest_items').select('id').eq('name', `${tag}-m`)).data).toEqual([]);
  });

  it('upserts one row with PUT on its primary key', async () => {
    const put = (query: string, body: unknown, prefer = 'return=representation') =>
      rest(`/rest_items?${query}`, {
        method: 'PUT',
        headers: { Prefer: prefer },
        body: JSON.stringify(body),
      });
    const created = await put('id=eq.9100&select=id,name', { id: 9100, name: `${tag}-put` });
    expect({ status: created.status, body: created.json() }).toEqual({
      status: 201,
      body: [{ id: 9100, name: `${tag}-put` }],
    });
    const replaced = await put('id=eq.9100&select=name', { id: 9100, name: `${tag}-put2` });
    expect({ status: replaced.status, body: replaced.json() }).toEqual({
      status: 200,
      body: [{ name: `${tag}-put2` }],
    });
    expect((await put('id=eq.9100', { id: 9100, name: `${tag}-put3` }, 'return=minimal')).status).toBe(204);
    const mismatch = await put('id=eq.9100', { id: 9101, name: 'x' });
    expect({ status: mismatch.status, body: mismatch.json() }).toMatchObject({
      status: 400,
      body: { code: 'PGRST115' },
    });
    const notPk = await put('name=eq.x', { id: 1, name: 'x' });
    expect({ status: notPk.status, body: notPk.json() }).toMatchObject({
      status: 405,
      body: { code: 'PGRST105' },
    });
  });

  it('writes through Content-Profile and refuses unknown columns', async () => {
    const { error, status } = await db.from('rest_items').insert({ name: `${tag}-x`, nope: 1 });
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: "Could not find the 'nope' column of 'rest_items' in the schema cache",
    });
    const raw = await rest('/rest_items', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Profile': 'private' },
      body: '{}',
    });
    expect(raw.status).toBe(406);
    expect(raw.json()).toMatchObject({ code: 'PGRST106' });
  });
});
