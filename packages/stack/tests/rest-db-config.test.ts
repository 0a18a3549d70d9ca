/**
 * PostgREST's in-database configuration (`alter role authenticator set pgrst.…`), read on schema reload:
 * aggregates (PGRST123 when off), plan output (vnd.pgrst.plan), db_max_rows.
 */
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, env, rest } from './rest-helpers.ts';

const sql = postgres(env.dbUrl, { max: 1, onnotice: () => {} });
const db = anon();

/** Sets (or resets, with null) a pgrst.* setting and waits until the API answers as `ready` says. */
async function configure(name: string, value: string | null, ready: () => Promise<boolean>): Promise<void> {
  if (value === null) await sql.unsafe(`alter role authenticator reset pgrst.${name}`);
  else await sql.unsafe(`alter role authenticator set pgrst.${name} = '${value}'`);
  await sql`notify pgrst, 'reload schema'`;
  for (let i = 0; i < 200 && !(await ready()); i++) await new Promise((r) => setTimeout(r, 25));
}

const countWorks = async () => (await rest('/rest_posts?select=count()')).status === 200;
const rows = async () => ((await rest('/rest_posts?select=id')).json() as unknown[]).length;
const planWorks = async () =>
  (await rest('/rest_posts', { headers: { accept: 'application/vnd.pgrst.plan+json' } })).status === 200;

afterAll(async () => {
  await configure('db_aggregates_enabled', null, async () => !(await countWorks()));
  await configure('db_plan_enabled', null, async () => !(await planWorks()));
  await configure('db_max_rows', null, async () => (await rows()) > 2);
  await sql.end();
});

describe('rest: aggregates', () => {
  it('refuses aggregates with 400 PGRST123 while pgrst.db_aggregates_enabled is off', async () => {
    const res = await rest('/rest_posts?select=topic,count()');
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      code: 'PGRST123',
      details: null,
      hint: null,
      message: 'Use of aggregate functions is not allowed',
    });
  });

  describe('when enabled on the authenticator role', () => {
    beforeAll(() => configure('db_aggregates_enabled', 'true', countWorks));

    it('groups by the other selected columns, with aliases and casts', async () => {
      const { data, error } = await db
        .from('rest_posts')
        .select('topic, posts:count(), id.sum(), top:id.max()::text, id::numeric.avg()')
        .order('topic');
      expect(error).toBeNull();
      expect(data).toEqual([
        { topic: 'compilers', posts: 2, sum: 7, top: '4', avg: 3.5 },
        { topic: 'engines', posts: 2, sum: 3, top: '2', avg: 1.5 },
      ]);
      const whole = await db.from('rest_posts').select('count(), id.min()').single();
      expect(whole.data).toEqual({ count: 4, min: 1 });
    });

    it('aggregates inside embedded resources, and by embedded columns', async () => {
      const { data } = await db
        .from('rest_authors')
        .select('handle, rest_posts!author(count()), legacy:rest_posts!author(count)')
        .order('handle');
      expect(data).toEqual([
        { handle: 'ada', rest_posts: [{ count: 3 }], legacy: [{ count: 3 }] },
        { handle: 'grace', rest_posts: [{ count: 1 }], legacy: [{ count: 1 }] },
        { handle: 'linus', rest_posts: [{ count: 0 }], legacy: [{ count: 0 }] },
      ]);
      const byCountry = await db.from('rest_posts').select('id.count(), ...rest_authors!author(country)');
      expect(byCountry.error).toBeNull();
      expect(byCountry.data).toHaveLength(2);
      expect(byCountry.data).toEqual(
        expect.arrayContaining([
          { count: 3, country: 'UK' },
          { count: 1, country: 'US' },
        ]),
      );
    });

    it('names an unknown aggregated column as Postgres does (42703)', async () => {
      const res = await rest('/rest_posts?select=missing.sum()');
      expect(res.status).toBe(400);
      expect(res.json()).toMatchObject({
        code: '42703',
        message: 'column rest_posts.missing does not exist',
      });
    });
  });
});

describe('rest: plan output', () => {
  it('refuses vnd.pgrst.plan with 406 PGRST107 while pgrst.db_plan_enabled is off', async () => {
    const accept = 'application/vnd.pgrst.plan+json';
    const res = await rest('/rest_posts', { headers: { accept } });
    expect(res.status).toBe(406);
    expect(res.json()).toMatchObject({
      code: 'PGRST107',
      message: `None of these media types are available: ${accept}`,
    });
  });

  describe('when enabled', () => {
    beforeAll(() => configure('db_plan_enabled', 'true', planWorks));

    it('answers EXPLAIN as JSON or text, with the options asked for', async () => {
      const { data, error } = await db.from('rest_posts').select('id').explain({ format: 'json' });
      expect(error).toBeNull();
      expect(data).toEqual([
        expect.objectContaining({ Plan: expect.objectContaining({ 'Node Type': 'Aggregate' }) }),
      ]);
      const text = await rest('/rest_posts?select=id', {
        headers: {
          accept: 'application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose',
        },
      });
      expect(text.status).toBe(200);
      expect(text.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8',
      );
      expect(text.text).toMatch(/^Aggregate {2}\(cost=.*actual time=/);
      expect(text.text).toContain('Output:');
    });
  });
});

describe('rest: db_max_rows', () => {
  it('caps every read at pgrst.db_max_rows over config.toml', async () => {
    await configure('db_max_rows', '2', async () => (await rows()) === 2);
    const { data, count } = await db.from('rest_posts').select('id', { count: 'exact' }).order('id');
    expect({ data, count }).toEqual({ data: [{ id: 1 }, { id: 2 }], count: 4 });
  });
});
