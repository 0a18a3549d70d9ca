import { describe, expect, it } from 'vitest';
import { seededDocsSuite } from './helpers/storage-suite.ts';
import { anon, call, env, service, unique } from './storage-helpers.ts';

const { sql, alice, bob, folder, docs } = seededDocsSuite();

describe('storage downloads', () => {
  it('downloads as the owner and refuses others with NoSuchKey', async () => {
    const own = await docs().download(`${folder}/a.txt`);
    expect(await own.data?.text()).toBe('alpha');
    const other = await bob.client.storage.from('private-docs').download(`${folder}/a.txt`);
    expect(other.data).toBeNull();
    expect(other.error).toMatchObject({ status: 400 });
    const res = await call(`/object/authenticated/private-docs/${folder}/a.txt`, { token: bob.token });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
  });

  it('sends storage-api headers, ?download and ranges', async () => {
    const res = await call(`/object/private-docs/${folder}/a.txt?download=report.txt`, {
      token: alice.token,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(res.headers.get('content-length')).toBe('5');
    expect(res.headers.get('cache-control')).toBe('max-age=3600');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-disposition')).toBe(
      "attachment; filename=report.txt; filename*=UTF-8''report.txt",
    );
    expect(await res.text()).toBe('alpha');
    const bare = await call(`/object/private-docs/${folder}/a.txt?download`, { token: alice.token });
    expect(bare.headers.get('content-disposition')).toBe('attachment;');
    const ranged = await call(`/object/private-docs/${folder}/a.txt`, {
      token: alice.token,
      headers: { range: 'bytes=1-3' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('bytes 1-3/5');
    expect(await ranged.text()).toBe('lph');
    const unsatisfiable = await call(`/object/private-docs/${folder}/a.txt`, {
      token: alice.token,
      headers: { range: 'bytes=10-20' },
    });
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe('bytes */5');
    expect(await unsatisfiable.json()).toEqual({
      statusCode: '416',
      code: 'InvalidRange',
      error: 'invalid_range',
      message: 'invalid range provided',
    });
    const cached = await call(`/object/private-docs/${folder}/a.txt`, {
      token: alice.token,
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(cached.status).toBe(304);
  });

  it('serves public buckets without auth and refuses private ones as NoSuchBucket', async () => {
    const { data } = anon().storage.from('public-assets').getPublicUrl('shared/hello.txt');
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello public');
    const priv = await fetch(`${env.apiUrl}/storage/v1/object/public/private-docs/${folder}/a.txt`);
    expect(priv.status).toBe(400);
    expect(await priv.json()).toMatchObject({
      statusCode: '404',
      code: 'NoSuchBucket',
      message: 'Bucket not found',
    });
    const missing = await fetch(`${env.apiUrl}/storage/v1/object/public/public-assets/shared/nope.txt`);
    expect(await missing.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  });

  it('reads public-bucket objects without policies and hides private buckets from bad tokens', async () => {
    const other = await bob.client.storage.from('public-assets').download('shared/hello.txt');
    expect(await other.data?.text()).toBe('hello public');
    const noToken = await call(`/object/private-docs/${folder}/a.txt`, { apikey: false });
    expect(noToken.status).toBe(400);
    expect(await noToken.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket' });
    const strict = await call(`/object/authenticated/public-assets/shared/hello.txt`, { apikey: false });
    expect(await strict.json()).toMatchObject({
      statusCode: '403',
      code: 'AccessDenied',
      message: 'Invalid Compact JWS',
    });
    const lenient = await call('/object/public-assets/shared/hello.txt', { apikey: false });
    expect(await lenient.text()).toBe('hello public');
  });

  it('round-trips names with spaces and symbols through upload, download, list and signed URLs', async () => {
    const bobDocs = bob.client.storage.from('private-docs');
    const name = `${bob.id}/odd names/report (final) & v2+1.txt`;
    const up = await bobDocs.upload(name, new Blob(['odd'], { type: 'text/plain' }));
    expect(up.error).toBeNull();
    expect(await (await bobDocs.download(name)).data?.text()).toBe('odd');
    const listed = await bobDocs.list(`${bob.id}/odd names`);
    expect(listed.data?.map((e) => e.name)).toEqual(['report (final) & v2+1.txt']);
    const signed = await bobDocs.createSignedUrl(name, 60);
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('odd');
    const unicode = await bobDocs.upload(`${bob.id}/café.txt`, new Blob(['x'], { type: 'text/plain' }));
    expect(unicode.error).toMatchObject({ statusCode: '400', message: `Invalid key: ${bob.id}/café.txt` });
  });

  it('answers NoSuchKey for a row without bytes (e.g. inserted by a seed)', async () => {
    const name = `shared/${unique('seeded')}.txt`;
    await sql`insert into storage.objects (bucket_id, name) values ('public-assets', ${name})`;
    const res = await fetch(`${env.apiUrl}/storage/v1/object/public/public-assets/${name}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      error: 'Not found',
      message: 'The resource was not found',
      statusCode: '404',
      code: 'NoSuchKey',
    });
    const info = await service().storage.from('public-assets').info(name);
    expect(info.data).toMatchObject({ name, size: null, contentType: null });
  });

  it('answers info and exists', async () => {
    const info = await docs().info(`${folder}/sub/c.txt`);
    expect(info.error).toBeNull();
    expect(info.data).toEqual({
      id: expect.any(String),
      name: `${folder}/sub/c.txt`,
      version: expect.any(String),
      bucketId: 'private-docs',
      size: 7,
      contentType: 'text/plain',
      cacheControl: 'max-age=3600',
      etag: expect.stringMatching(/^"/),
      metadata: {},
      lastModified: expect.any(String),
      createdAt: expect.any(String),
    });
    expect((await docs().exists(`${folder}/sub/c.txt`)).data).toBe(true);
    expect((await docs().exists(`${folder}/nope.txt`)).data).toBe(false);
    const head = await call(`/object/authenticated/private-docs/${folder}/a.txt`, {
      method: 'HEAD',
      token: alice.token,
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('5');
  });
});

describe('storage listing', () => {
  it('lists one folder level (v1) with folders and files', async () => {
    const { data, error } = await docs().list(folder);
    expect(error).toBeNull();
    expect(data?.map((e) => [e.name, e.id === null])).toEqual([
      ['a.txt', false],
      ['b.txt', false],
      ['sub', true],
    ]);
    const file = data?.find((e) => e.name === 'a.txt');
    expect(file).toEqual({
      name: 'a.txt',
      id: expect.any(String),
      updated_at: expect.any(String),
      created_at: expect.any(String),
      last_accessed_at: expect.any(String),
      metadata: expect.objectContaining({ size: 5, mimetype: 'text/plain' }),
    });
    expect(data?.find((e) => e.name === 'sub')).toEqual({
      name: 'sub',
      id: null,
      updated_at: null,
      created_at: null,
      last_accessed_at: null,
      metadata: null,
    });
    const sub = await docs().list(`${folder}/sub`);
    expect(sub.data?.map((e) => e.name)).toEqual(['c.txt', 'deeper']);
    const paged = await docs().list(folder, { limit: 1, offset: 1 });
    expect(paged.data?.map((e) => e.name)).toEqual(['b.txt']);
    const searched = await docs().list(folder, { search: 'b' });
    expect(searched.data?.map((e) => e.name)).toEqual(['b.txt']);
    const desc = await docs().list(folder, { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data?.map((e) => e.name)).toEqual(['sub', 'b.txt', 'a.txt']);
  });

  it("shows nothing of another user's folder (RLS)", async () => {
    const { data } = await bob.client.storage.from('private-docs').list(folder);
    expect(data).toEqual([]);
  });

  it('lists v2, flat and delimited, with a cursor', async () => {
    const flat = await docs().listV2({ prefix: `${folder}/` });
    expect(flat.error).toBeNull();
    expect(flat.data?.objects.map((o) => o.name)).toEqual([
      `${folder}/a.txt`,
      `${folder}/b.txt`,
      `${folder}/sub/c.txt`,
      `${folder}/sub/deeper/d.txt`,
    ]);
    expect(flat.data?.hasNext).toBe(false);
    const tree = await docs().listV2({ prefix: `${folder}/`, with_delimiter: true });
    expect(tree.data?.folders.map((f) => f.name)).toEqual([`${folder}/sub/`]);
    expect(tree.data?.objects.map((o) => o.name)).toEqual([`${folder}/a.txt`, `${folder}/b.txt`]);
    const page1 = await docs().listV2({ prefix: `${folder}/`, limit: 2 });
    expect(page1.data?.hasNext).toBe(true);
    expect(page1.data?.nextCursor).toEqual(expect.any(String));
    const page2 = await docs().listV2({ prefix: `${folder}/`, limit: 2, cursor: page1.data?.nextCursor });
    expect(page2.data?.objects.map((o) => o.name)).toEqual([
      `${folder}/sub/c.txt`,
      `${folder}/sub/deeper/d.txt`,
    ]);
    expect(page2.data?.hasNext).toBe(false);
    const newest = await docs().listV2({
      prefix: `${folder}/`,
      limit: 3,
      sortBy: { column: 'created_at', order: 'desc' },
    });
    expect(newest.data?.objects.map((o) => o.name)).toEqual([
      `${folder}/sub/deeper/d.txt`,
      `${folder}/sub/c.txt`,
      `${folder}/b.txt`,
    ]);
    const oldest = await docs().listV2({ prefix: `${folder}/`, limit: 3, cursor: newest.data?.nextCursor });
    expect(oldest.data?.objects.map((o) => o.name)).toEqual([`${folder}/a.txt`]);
  });
});
