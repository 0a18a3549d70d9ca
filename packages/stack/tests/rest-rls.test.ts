/** Row-level security decides: the same queries as anon, two users and service_role; forbidden writes change nothing. */

import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { ALICE, anon, asUser, BOB, env, service } from './rest-helpers.ts';

const alice = asUser(ALICE);
const bob = asUser(BOB);
const admin = service();
const bodies = async (client: ReturnType<typeof anon>) =>
  ((await client.from('rest_notes').select('body').lte('id', 3).order('id')).data ?? []).map((r) => r.body);

describe('rest: row-level security', () => {
  it('shows each caller the rows its policies allow', async () => {
    expect(await bodies(anon())).toEqual(['alice public']);
    expect(await bodies(alice)).toEqual(['alice private', 'alice public']);
    expect(await bodies(bob)).toEqual(['alice public', 'bob private']);
    expect(await bodies(admin)).toEqual(['alice private', 'alice public', 'bob private']);
  });

  it('treats the opaque publishable and secret keys as anon and service_role', async () => {
    const options = { auth: { persistSession: false, autoRefreshToken: false } };
    expect(await bodies(createClient(env.apiUrl, env.publishableKey, options))).toEqual(['alice public']);
    expect(await bodies(createClient(env.apiUrl, env.secretKey, options))).toEqual([
      'alice private',
      'alice public',
      'bob private',
    ]);
  });

  it('lets owners write their rows, with the owner from auth.uid()', async () => {
    const { data, status } = await alice
      .from('rest_notes')
      .insert({ body: 'alice new' })
      .select('owner, body')
      .single();
    expect(status).toBe(201);
    expect(data).toEqual({ owner: ALICE, body: 'alice new' });
    const bobView = await bob.from('rest_notes').select().eq('body', 'alice new');
    expect(bobView.data).toEqual([]);
  });

  it('refuses writes a policy forbids: 401 for anon, 403 for users', async () => {
    const asAnon = await anon().from('rest_notes').insert({ body: 'anon note' });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'new row violates row-level security policy for table "rest_notes"',
    });
    const forged = await alice.from('rest_notes').insert({ body: 'forged', owner: BOB });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    const { data } = await admin.from('rest_notes').select('id').in('body', ['anon note', 'forged']);
    expect(data).toEqual([]);
  });

  it('updates and deletes only rows the caller owns', async () => {
    const update = await bob.from('rest_notes').update({ body: 'hacked' }).eq('id', 1).select();
    expect(update).toMatchObject({ data: [], error: null, status: 200 });
    const del = await bob.from('rest_notes').delete().eq('id', 2).select();
    expect(del.data).toEqual([]);
    const steal = await alice.from('rest_notes').update({ owner: BOB }).eq('id', 1);
    expect(steal.status).toBe(403);
    const { data } = await admin.from('rest_notes').select('id, owner, body').in('id', [1, 2]).order('id');
    expect(data).toEqual([
      { id: 1, owner: ALICE, body: 'alice private' },
      { id: 2, owner: ALICE, body: 'alice public' },
    ]);
  });

  it('honours column privileges: writes return only the columns asked for', async () => {
    const { data, error, status } = await anon()
      .from('rest_accounts')
      .insert({ email: 'a@example.com', password_hash: 'x' })
      .select('id, email')
      .single();
    expect({ error, status, email: data?.email }).toEqual({
      error: null,
      status: 201,
      email: 'a@example.com',
    });
    const all = await anon().from('rest_accounts').insert({ email: 'b@example.com' }).select();
    expect(all.status).toBe(401);
    expect(all.error).toMatchObject({ code: '42501', message: 'permission denied for table rest_accounts' });
    expect((await anon().from('rest_accounts').select('password_hash')).error?.code).toBe('42501');
  });

  it('answers privilege errors by role: 401 for anon, 403 for signed-in users', async () => {
    const asAnon = await anon().from('rest_secrets').select();
    expect(asAnon.status).toBe(401);
    expect(asAnon.error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'permission denied for table rest_secrets',
    });
    expect((await alice.from('rest_secrets').select('secret')).data).toEqual([{ secret: 'hunter2' }]);
    const write = await alice.from('rest_secrets').insert({ id: 2, secret: 'x' });
    expect(write.status).toBe(403);
    expect((await admin.from('rest_secrets').select('id')).data).toEqual([{ id: 1 }]);
  });
});
