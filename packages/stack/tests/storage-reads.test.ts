import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, call, db, diskAndRows, env, service, unique, user } from './storage-helpers.ts';

const sql = db();
afterAll(() => sql.end());

const alice = user();
const bob = user();
const folder = alice.id;
const docs = () => alice.client.storage.from('private-docs');

beforeAll(async () => {
  for (const [name, body] of [
    ['a.txt', 'alpha'],
    ['b.txt', 'bravo'],
    ['sub/c.txt', 'charlie'],
    ['sub/deeper/d.txt', 'delta'],
  ] as const) {
    const { error } = await docs().upload(`${folder}/${name}`, new Blob([body], { type: 'text/plain' }));
    if (error) throw error;
  }
  await service().storage.from('public-assets').upload('shared/hello.txt', new Blob(['hello public'], { type: 'text/plain' }));
});

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
    const res = await call(`/object/private-docs/${folder}/a.txt?download=report.txt`, { token: alice.token });
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
    expect(await priv.json()).toMatchObject({ statusCode: '404', code: 'NoSuchBucket', message: 'Bucket not found' });
    const missing = await fetch(`${env.apiUrl}/storage/v1/object/public/public-assets/shared/nope.txt`);
    expect(await missing.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
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
      metadata: null,
      lastModified: expect.any(String),
      createdAt: expect.any(String),
    });
    expect((await docs().exists(`${folder}/sub/c.txt`)).data).toBe(true);
    expect((await docs().exists(`${folder}/nope.txt`)).data).toBe(false);
    const head = await call(`/object/authenticated/private-docs/${folder}/a.txt`, { method: 'HEAD', token: alice.token });
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
    expect(page2.data?.objects.map((o) => o.name)).toEqual([`${folder}/sub/c.txt`, `${folder}/sub/deeper/d.txt`]);
    expect(page2.data?.hasNext).toBe(false);
  });
});

describe('storage signed URLs', () => {
  it('creates a signed URL that downloads without auth, and expires', async () => {
    const { data, error } = await docs().createSignedUrl(`${folder}/a.txt`, 60, { download: true });
    expect(error).toBeNull();
    expect(data?.signedUrl).toMatch(
      new RegExp(`^${env.apiUrl}/storage/v1/object/sign/private-docs/${folder}/a.txt\\?token=.+&download=$`),
    );
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment;');
    expect(await res.text()).toBe('alpha');

    const short = await docs().createSignedUrl(`${folder}/a.txt`, 1);
    await new Promise((r) => setTimeout(r, 2100));
    const expired = await fetch(short.data!.signedUrl);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      statusCode: '400',
      code: 'InvalidJWT',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    });
  });

  it('refuses a token for another path and a tampered token', async () => {
    const { data } = await docs().createSignedUrl(`${folder}/a.txt`, 60);
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const other = await fetch(`${env.apiUrl}/storage/v1/object/sign/private-docs/${folder}/b.txt?token=${token}`);
    expect(await other.json()).toEqual({
      statusCode: '400',
      code: 'InvalidSignature',
      error: 'InvalidSignature',
      message: 'Invalid signature',
    });
    const tampered = await fetch(`${env.apiUrl}/storage/v1/object/sign/private-docs/${folder}/a.txt?token=${token}x`);
    expect(await tampered.json()).toMatchObject({ code: 'InvalidJWT', message: 'signature verification failed' });
  });

  it('refuses to sign what the caller cannot read', async () => {
    const { error } = await bob.client.storage.from('private-docs').createSignedUrl(`${folder}/a.txt`, 60);
    expect(error).toMatchObject({ statusCode: '404', message: 'Object not found' });
  });

  it('signs in batch, reporting paths the caller cannot read', async () => {
    const { data, error } = await docs().createSignedUrls([`${folder}/a.txt`, `${folder}/missing.txt`], 60);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        error: null,
        path: `${folder}/a.txt`,
        signedURL: expect.stringMatching(`^/object/sign/private-docs/${folder}/a.txt\\?token=`),
        signedUrl: expect.stringMatching(`^${env.apiUrl}/storage/v1/object/sign/`),
      },
      {
        error: 'Either the object does not exist or you do not have access to it',
        path: `${folder}/missing.txt`,
        signedURL: null,
        signedUrl: null,
      },
    ]);
    expect(await (await fetch(data![0]!.signedUrl!)).text()).toBe('alpha');
  });

  it('creates signed upload URLs only where the caller may insert, and uploads through them', async () => {
    const path = `${folder}/${unique('signed')}.txt`;
    const { data, error } = await docs().createSignedUploadUrl(path);
    expect(error).toBeNull();
    expect(data).toEqual({ signedUrl: expect.stringContaining('/object/upload/sign/private-docs/'), token: expect.any(String), path });
    const up = await anon()
      .storage.from('private-docs')
      .uploadToSignedUrl(path, data!.token, new Blob(['via token'], { type: 'text/plain' }));
    expect(up).toEqual({ data: { path, fullPath: `private-docs/${path}` }, error: null });
    const [row] = await sql`select owner_id from storage.objects where bucket_id = 'private-docs' and name = ${path}`;
    expect(row).toEqual({ owner_id: alice.id });
    const again = await anon()
      .storage.from('private-docs')
      .uploadToSignedUrl(path, data!.token, new Blob(['again'], { type: 'text/plain' }));
    expect(again.error).toMatchObject({ statusCode: '409' });
    const denied = await docs().createSignedUploadUrl(`${bob.id}/x.txt`);
    expect(denied.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const download = await docs().createSignedUrl(`${folder}/a.txt`, 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!;
    const wrongScope = await anon()
      .storage.from('private-docs')
      .uploadToSignedUrl(`${folder}/a.txt`, downloadToken, new Blob(['x'], { type: 'text/plain' }));
    expect(wrongScope.error).toMatchObject({ statusCode: '400', message: 'Token is not scoped for upload' });
  });
});

describe('storage move, copy and remove', () => {
  it('moves within the own folder and refuses moving into another folder', async () => {
    const from = `${folder}/${unique('m')}.txt`;
    await docs().upload(from, new Blob(['move me'], { type: 'text/plain' }));
    const to = `${folder}/moved/${unique('m')}.txt`;
    const moved = await docs().move(from, to);
    expect(moved).toEqual({ data: { message: 'Successfully moved', Id: expect.any(String), Key: to }, error: null });
    expect(await (await docs().download(to)).data?.text()).toBe('move me');
    expect((await docs().exists(from)).data).toBe(false);
    const stolen = await docs().move(to, `${bob.id}/stolen.txt`);
    expect(stolen.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
  });

  it('copies into a new object with its own bytes', async () => {
    const to = `${folder}/${unique('copy')}.txt`;
    const copied = await docs().copy(`${folder}/b.txt`, to);
    expect(copied).toEqual({ data: { path: `private-docs/${to}` }, error: null });
    expect(await (await docs().download(to)).data?.text()).toBe('bravo');
    const cross = await docs().copy(`${folder}/b.txt`, `${folder}/${unique('x')}.txt`, { destinationBucket: 'public-assets' });
    expect(cross.error).toBeNull();
    const denied = await docs().copy(`${folder}/b.txt`, `${bob.id}/copy.txt`);
    expect(denied.error).toMatchObject({ statusCode: '403' });
  });

  it('removes what the caller may delete and keeps disk and rows in step', async () => {
    const victim = `${folder}/${unique('rm')}.txt`;
    await docs().upload(victim, new Blob(['bye'], { type: 'text/plain' }));
    const byBob = await bob.client.storage.from('private-docs').remove([victim]);
    expect(byBob).toEqual({ data: [], error: null });
    const removed = await docs().remove([victim, `${folder}/never-was.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([
      expect.objectContaining({ name: victim, bucket_id: 'private-docs', owner: alice.id, owner_id: alice.id }),
    ]);
    expect((await docs().exists(victim)).data).toBe(false);
    const { disk, rows, tmp } = await diskAndRows(sql);
    expect(tmp).toEqual([]);
    expect(disk).toEqual(rows);
  });
});
