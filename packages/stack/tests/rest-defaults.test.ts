/** Prefer: missing=default on bulk inserts and upserts: keys an object leaves out take the column default. */
import { describe, expect, it } from 'vitest';
import { anon, rest } from './rest-helpers.ts';

const db = anon();

describe('rest: Prefer missing=default', () => {
  it('fills keys missing from some objects with defaults, identity columns included', async () => {
    const { data, error, status } = await db
      .from('rest_posts')
      .insert(
        [
          { id: 100, author: 'linus' },
          { author: 'linus', topic: 'kernels', likes: 3 },
        ],
        {
          defaultToNull: false,
        },
      )
      .select('id, author, topic, likes')
      .rollback();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data?.[0]).toEqual({ id: 100, author: 'linus', topic: 'general', likes: 0 });
    expect(data?.[1]).toMatchObject({ author: 'linus', topic: 'kernels', likes: 3 });
    expect(typeof data?.[1]?.id).toBe('number');
  });

  it('without it, a missing key is null and a not-null column refuses the row', async () => {
    const res = await rest('/rest_posts?columns=author,topic', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'tx=rollback' },
      body: JSON.stringify([{ author: 'linus', topic: 'x' }, { author: 'linus' }]),
    });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ code: '23502' });
  });

  it('applies to upserts, and says so in Preference-Applied', async () => {
    const res = await rest('/rest_posts?columns=id,author,topic&select=id,author,topic,likes', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        prefer: 'resolution=merge-duplicates, missing=default, return=representation, tx=rollback',
      },
      body: JSON.stringify([
        { id: 1, author: 'ada' },
        { id: 200, author: 'grace', topic: 'new' },
      ]),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toContain('missing=default');
    expect(res.json()).toEqual([
      { id: 1, author: 'ada', topic: 'general', likes: 10 },
      { id: 200, author: 'grace', topic: 'new', likes: 0 },
    ]);
  });
});
