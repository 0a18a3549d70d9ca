/** Embedding: computed relationships (functions of a row), column and self-reference hints, PGRST201/42712. */
import { describe, expect, it } from 'vitest';
import { anon, rest } from './rest-helpers.ts';

const db = anon();

describe('rest: computed relationships', () => {
  it('embeds a set-returning function of the row as a to-many relationship', async () => {
    const { data, error } = await db
      .from('rest_authors')
      .select('handle, posts:rest_posts_by(id, topic)')
      .order('handle');
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        handle: 'ada',
        posts: [
          { id: 1, topic: 'engines' },
          { id: 2, topic: 'engines' },
          { id: 4, topic: 'compilers' },
        ],
      },
      { handle: 'grace', posts: [{ id: 3, topic: 'compilers' }] },
      { handle: 'linus', posts: [] },
    ]);
  });

  it('embeds a row-returning function, and a ROWS 1 set, as to-one', async () => {
    const { data } = await db
      .from('rest_authors')
      .select('handle, rest_top_post(id), first:rest_first_post(id)')
      .order('handle');
    // A function returning one composite gives a row of nulls when nothing matched, as in PostgREST.
    expect(data).toEqual([
      { handle: 'ada', rest_top_post: { id: 1 }, first: { id: 1 } },
      { handle: 'grace', rest_top_post: { id: 3 }, first: { id: 3 } },
      { handle: 'linus', rest_top_post: { id: null }, first: null },
    ]);
  });

  it('picks the overload of the embedding table, and filters and nests inside it', async () => {
    const { data } = await db
      .from('rest_posts')
      .select('id, replies:rest_posts_by(id, rest_authors!author(country))')
      .is('reply_to', null)
      .order('id');
    expect(data).toEqual([
      { id: 1, replies: [{ id: 2, rest_authors: { country: 'UK' } }] },
      { id: 3, replies: [{ id: 4, rest_authors: { country: 'UK' } }] },
    ]);
    const filtered = await db
      .from('rest_authors')
      .select('handle, rest_posts_by!inner(id)')
      .eq('rest_posts_by.topic', 'compilers')
      .order('handle');
    expect(filtered.data).toEqual([
      { handle: 'ada', rest_posts_by: [{ id: 4 }] },
      { handle: 'grace', rest_posts_by: [{ id: 3 }] },
    ]);
  });
});

describe('rest: embedding hints', () => {
  it('disambiguates two keys to one table by the key column', async () => {
    const { data, error } = await db
      .from('rest_posts')
      .select('id, writer:rest_authors!author(handle), checker:rest_authors!editor(handle)')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, writer: { handle: 'ada' }, checker: { handle: 'grace' } });
    const byColumn = await db.from('rest_posts').select('id, editor(handle)').eq('id', 3).single();
    expect(byColumn.data).toEqual({ id: 3, editor: { handle: 'ada' } });
  });

  it('answers 300 PGRST201 with every candidate and the hints to use', async () => {
    const res = await rest('/rest_posts?select=id,rest_authors(handle)');
    expect(res.status).toBe(300);
    expect(res.json()).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'rest_posts with rest_authors',
          relationship: 'rest_posts_author_fkey using rest_posts(author) and rest_authors(handle)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'rest_posts with rest_authors',
          relationship: 'rest_posts_editor_fkey using rest_posts(editor) and rest_authors(handle)',
        },
      ],
      hint: "Try changing 'rest_authors' to one of the following: 'rest_authors!rest_posts_author_fkey', 'rest_authors!rest_posts_editor_fkey'. Find the desired relationship in the 'details' key.",
      message:
        "Could not embed because more than one relationship was found for 'rest_posts' and 'rest_authors'",
    });
  });

  it('refuses two embeddings under one name as Postgres does for PostgREST (42712)', async () => {
    const res = await rest('/rest_posts?select=rest_authors!author(*),rest_authors!editor(*)');
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      code: '42712',
      details: null,
      hint: null,
      message: 'table name "rest_posts_rest_authors_1" specified more than once',
    });
  });

  it('on a self-reference: the table name means the children, the column the parent', async () => {
    const children = await db.from('rest_posts').select('id, rest_posts(id)').eq('id', 1).single();
    expect(children.data).toEqual({ id: 1, rest_posts: [{ id: 2 }] });
    const both = await db
      .from('rest_posts')
      .select('id, parent:reply_to(id), replies:rest_posts!reply_to(id)')
      .eq('id', 3)
      .single();
    expect(both.data).toEqual({ id: 3, parent: null, replies: [{ id: 4 }] });
    // PostgREST does not match a self-reference by its constraint's name.
    const byKey = await rest('/rest_posts?select=id,rest_posts!rest_posts_reply_to_fkey(id)');
    expect(byKey.status).toBe(400);
    expect(byKey.json()).toMatchObject({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'rest_posts' and 'rest_posts' using the hint 'rest_posts_reply_to_fkey' in the schema 'public', but no matches were found.",
    });
  });
});
