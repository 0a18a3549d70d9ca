/** RPC overloads as PostgREST chooses them: PGRST203, unnamed parameters, defaults; max-affected on calls. */
import { describe, expect, it } from 'vitest';
import { anon, rest } from './rest-helpers.ts';

const db = anon();
const HINT =
  'Try renaming the parameters or the function itself in the database so function overloading can be resolved';
const post = (fn: string, body: string, headers: Record<string, string> = {}) =>
  rest(`/rpc/${fn}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe('rest: overloaded functions', () => {
  it('answers 300 PGRST203 when argument names fit more than one overload', async () => {
    const { data, error, status } = await db.rpc('rest_pick', { a: 1 });
    expect({ data, status }).toEqual({ data: null, status: 300 });
    expect(error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: HINT,
      message:
        'Could not choose the best candidate function between: public.rest_pick(a => integer), public.rest_pick(a => text)',
    });
    expect((await db.rpc('rest_pick', { a: 1, b: 2 })).data).toBe('two 3');
  });

  it('resolves default arguments as PostgREST does: optional names may be left out', async () => {
    const none = await db.rpc('rest_optional');
    expect(none.status).toBe(300);
    expect(none.error?.message).toBe(
      'Could not choose the best candidate function between: public.rest_optional(), public.rest_optional(word => text)',
    );
    expect((await db.rpc('rest_optional', { word: 'given' })).data).toBe('given');
  });

  it('hands the whole body to a single unnamed text parameter', async () => {
    const res = await post('rest_body_text', '{"": "hello"}');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.json() as string)).toEqual({ '': 'hello' });
    expect((await db.rpc('rest_echo', { any: 1 })).data).toEqual({ any: 1 });
  });

  it('leaves out functions with other unnamed parameters, as PostgREST does (PGRST202)', async () => {
    const res = await post('rest_body_int', '{"": 1}');
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rest_body_int() in the schema cache',
      details:
        'Searched for the function public.rest_body_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
  });
});

describe('rest: Prefer max-affected on functions', () => {
  it('fails with PGRST124 and rolls back when a call affects more rows than allowed', async () => {
    const before = (await db.from('rest_posts').select('id, likes').eq('topic', 'engines').order('id')).data;
    const strict = { prefer: 'handling=strict, max-affected=1' };
    const refused = await post('rest_like_topic', '{"t": "engines"}', strict);
    expect(refused.status).toBe(400);
    expect(refused.json()).toEqual({
      code: 'PGRST124',
      details: 'The query affects 2 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    });
    const after = (await db.from('rest_posts').select('id, likes').eq('topic', 'engines').order('id')).data;
    expect(after).toEqual(before);
    // Lenient handling ignores the limit, as PostgREST does.
    const lenient = await post('rest_like_topic', '{"t": "engines"}', {
      prefer: 'max-affected=1, tx=rollback',
    });
    expect(lenient.status).toBe(200);
    expect(lenient.json()).toHaveLength(2);
  });

  it('passes within the limit and says so in Preference-Applied', async () => {
    const res = await post('rest_like_topic', '{"t": "nothing"}', {
      prefer: 'handling=strict, max-affected=1',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('preference-applied')).toBe('handling=strict, max-affected=1');
  });
});
