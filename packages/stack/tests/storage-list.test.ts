import { beforeAll, describe, expect, it } from 'vitest';
import { call, env, service, unique } from './storage-helpers.ts';

/**
 * list-v2 sorting and sorted pagination, as storage-api does it: the sort applies to flat and delimited
 * listings, a cursor carries it to the next page, and folders sort among objects by their oldest object.
 */
const bucket = () => service().storage.from('public-assets');
const root = `${unique('sorted')}/`;
// Upload order (= created_at order): names deliberately not in alphabetical order.
const uploads = ['m.txt', 'z-dir/1.txt', 'b.txt', 'a-dir/1.txt', 'y.txt', 'a-dir/2.txt', 'c.txt'];

beforeAll(async () => {
  for (const name of uploads) {
    const { error } = await bucket().upload(`${root}${name}`, new Blob([name], { type: 'text/plain' }));
    if (error) throw error;
  }
});

type Options = Parameters<ReturnType<typeof bucket>['listV2']>[0];

/** Every page of a listing, two entries at a time: each page's folder and object names. */
async function pages(options: Options) {
  const out: string[][] = [];
  let cursor: string | undefined;
  for (;;) {
    const { data, error } = await bucket().listV2({ prefix: root, limit: 2, ...options, cursor });
    if (error) throw error;
    out.push([...data.folders, ...data.objects].map((e) => e.name.slice(root.length)));
    if (!data.hasNext) return out;
    cursor = data.nextCursor;
  }
}

describe('storage list-v2 sortBy', () => {
  it('pages a delimited listing by name, ascending and descending, folders among objects', async () => {
    expect(await pages({ with_delimiter: true })).toEqual([
      ['a-dir/', 'b.txt'],
      ['c.txt', 'm.txt'],
      ['z-dir/', 'y.txt'],
    ]);
    expect(await pages({ with_delimiter: true, sortBy: { column: 'name', order: 'desc' } })).toEqual([
      ['z-dir/', 'y.txt'],
      ['m.txt', 'c.txt'],
      ['a-dir/', 'b.txt'],
    ]);
  });

  it('pages a delimited listing by created_at; a folder is as old as its oldest object', async () => {
    // Within a page folders come first (the response splits folders from objects).
    expect(await pages({ with_delimiter: true, sortBy: { column: 'created_at', order: 'asc' } })).toEqual([
      ['z-dir/', 'm.txt'],
      ['a-dir/', 'b.txt'],
      ['y.txt', 'c.txt'],
    ]);
    expect(await pages({ with_delimiter: true, sortBy: { column: 'created_at', order: 'desc' } })).toEqual([
      ['c.txt', 'y.txt'],
      ['a-dir/', 'b.txt'],
      ['z-dir/', 'm.txt'],
    ]);
  });

  it('dates folders in a time-sorted listing, keyed by their name under the prefix', async () => {
    const { data } = await bucket().listV2({
      prefix: root,
      with_delimiter: true,
      sortBy: { column: 'updated_at', order: 'asc' },
    });
    const folder = data?.folders.find((f) => f.name === `${root}a-dir/`);
    expect(folder).toMatchObject({ key: 'a-dir', id: null, created_at: expect.any(String) });
    expect(data?.objects.find((o) => o.name === `${root}b.txt`)).toMatchObject({ key: 'b.txt' });
  });

  it('pages a flat listing by updated_at descending, and the cursor keeps the order', async () => {
    const flat = await pages({ sortBy: { column: 'updated_at', order: 'desc' } });
    expect(flat.flat()).toEqual([...uploads].reverse());
    // The second page asked for with the first page's cursor and no sortBy still runs newest first.
    const first = await bucket().listV2({
      prefix: root,
      limit: 3,
      sortBy: { column: 'created_at', order: 'desc' },
    });
    const second = await bucket().listV2({ prefix: root, limit: 3, cursor: first.data?.nextCursor });
    expect(second.data?.objects.map((o) => o.name.slice(root.length))).toEqual([
      'a-dir/1.txt',
      'b.txt',
      'z-dir/1.txt',
    ]);
  });

  it('pages a flat listing by name descending', async () => {
    expect((await pages({ sortBy: { column: 'name', order: 'desc' } })).flat()).toEqual(
      [...uploads].sort().reverse(),
    );
  });

  it("refuses a sortBy outside storage-api's schema, changing nothing", async () => {
    const list = (sortBy: unknown) =>
      call('/object/list-v2/public-assets', {
        method: 'POST',
        token: env.serviceRoleKey,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: root, sortBy }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await list({ column: 'size' })).toEqual({
      status: 400,
      body: {
        statusCode: '400',
        code: 'InvalidRequest',
        error: 'Bad Request',
        message: 'body/sortBy/column must be equal to one of the allowed values',
      },
    });
    expect((await list({ column: 'name', order: 'up' })).body.message).toBe(
      'body/sortBy/order must be equal to one of the allowed values',
    );
    expect((await list({ order: 'desc' })).body.message).toBe(
      "body/sortBy must have required property 'column'",
    );
  });
});
