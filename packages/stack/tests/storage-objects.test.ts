import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  anon,
  call,
  db,
  diskAndRows,
  env,
  filesBelow,
  service,
  storageRoot,
  unique,
  user,
} from './storage-helpers.ts';

const sql = db();
afterAll(() => sql.end());

const text = (s: string) => new Blob([s], { type: 'text/plain' });

describe('storage object uploads and policies', () => {
  it('uploads multipart into the own folder and records the row as the user', async () => {
    const alice = user();
    const path = `${alice.id}/${unique('note')}.txt`;
    const { data, error } = await alice.client.storage.from('private-docs').upload(path, text('hello'));
    expect(error).toBeNull();
    expect(data).toEqual({ id: expect.any(String), path, fullPath: `private-docs/${path}` });
    const [row] = await sql`
      select id, owner, owner_id, metadata, version from storage.objects
      where bucket_id = 'private-docs' and name = ${path}`;
    expect(row).toMatchObject({ id: data?.id, owner: alice.id, owner_id: alice.id });
    expect(row?.metadata).toMatchObject({
      size: 5,
      mimetype: 'text/plain',
      cacheControl: 'max-age=3600',
      eTag: '"5d41402abc4b2a76b9719d911017c592"',
      contentLength: 5,
      httpStatusCode: 200,
    });
  });

  it('uploads a raw body with content-type, cache-control and user metadata', async () => {
    const alice = user();
    const path = `${alice.id}/raw.bin`;
    const { error } = await alice.client.storage.from('public-assets').upload(path, Buffer.from([1, 2, 3]), {
      contentType: 'application/octet-stream',
      cacheControl: '60',
      metadata: { purpose: 'test' },
    });
    expect(error).toBeNull();
    const info = await alice.client.storage.from('public-assets').info(path);
    expect(info.data).toMatchObject({
      name: path,
      bucketId: 'public-assets',
      size: 3,
      contentType: 'application/octet-stream',
      cacheControl: 'max-age=60',
      metadata: { purpose: 'test' },
    });
  });

  it("refuses writing into another user's folder with storage-api's RLS error", async () => {
    const alice = user();
    const bob = user();
    const path = `${bob.id}/intrusion.txt`;
    const { data, error } = await alice.client.storage.from('private-docs').upload(path, text('x'));
    expect(data).toBeNull();
    expect(error).toMatchObject({
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    const res = await call(`/object/private-docs/${path}`, {
      method: 'POST',
      token: alice.token,
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'new row violates row-level security policy',
    });
    expect(await sql`select 1 from storage.objects where name = ${path}`).toHaveLength(0);
    const { disk, rows, tmp } = await diskAndRows(sql);
    expect(tmp).toEqual([]);
    expect(disk).toEqual(rows);
  });

  it('refuses anon uploads (no insert policy for anon)', async () => {
    const { error } = await anon().storage.from('public-assets').upload(`shared/${unique()}.txt`, text('x'));
    expect(error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
  });

  it('lets service_role write anywhere (bypasses RLS)', async () => {
    const path = `shared/${unique('svc')}.txt`;
    const { error } = await service().storage.from('public-assets').upload(path, text('svc'));
    expect(error).toBeNull();
    const [row] = await sql`select owner, owner_id from storage.objects where name = ${path}`;
    expect(row).toEqual({ owner: null, owner_id: null });
  });

  it('refuses a duplicate without x-upsert and replaces with it', async () => {
    const alice = user();
    const bucket = alice.client.storage.from('private-docs');
    const path = `${alice.id}/dup.txt`;
    await bucket.upload(path, text('one'));
    const [before] = await sql`select id, version from storage.objects where name = ${path}`;
    const dup = await bucket.upload(path, text('two'));
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const res = await call(`/object/private-docs/${path}`, {
      method: 'POST',
      token: alice.token,
      headers: { 'content-type': 'text/plain' },
      body: 'two',
    });
    expect(await res.json()).toEqual({
      statusCode: '409',
      code: 'KeyAlreadyExists',
      error: 'Duplicate',
      message: 'The resource already exists',
    });
    const upserted = await bucket.upload(path, text('three!'), { upsert: true });
    expect(upserted.error).toBeNull();
    expect(upserted.data?.id).toBe(before?.id);
    const { data } = await bucket.download(path);
    expect(await data?.text()).toBe('three!');
    const after = await diskAndRows(sql);
    expect(after.disk).not.toContain(before?.version);
    const updated = await bucket.update(path, text('four'));
    expect(updated.error).toBeNull();
    expect(await (await bucket.download(path)).data?.text()).toBe('four');
  });

  it('enforces the bucket file_size_limit with EntityTooLarge', async () => {
    const alice = user();
    const path = `${alice.id}/big.txt`;
    const big = 'x'.repeat(102401);
    const { error } = await alice.client.storage.from('private-docs').upload(path, text(big));
    expect(error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const res = await call(`/object/private-docs/${path}`, {
      method: 'POST',
      token: alice.token,
      headers: { 'content-type': 'text/plain' },
      body: big,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '413',
      code: 'EntityTooLarge',
      error: 'Payload too large',
      message: 'The object exceeded the maximum allowed size',
    });
    expect(await sql`select 1 from storage.objects where name = ${path}`).toHaveLength(0);
  });

  it("enforces config.toml's global file_size_limit before reading the body", async () => {
    const alice = user();
    const url = new URL(`${env.apiUrl}/storage/v1/object/public-assets/${alice.id}/huge.bin`);
    // Declares 60 MiB (over the fixture's 50 MiB) and sends nothing: the answer must not wait for it.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${alice.token}`,
          'content-type': 'application/octet-stream',
          'content-length': String(60 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
  });

  it('accepts an empty folder placeholder of any type in a restricted bucket', async () => {
    const alice = user();
    const { error } = await alice.client.storage
      .from('private-docs')
      .upload(`${alice.id}/folder/.emptyFolderPlaceholder`, new Blob([], { type: 'application/x-empty' }));
    expect(error).toBeNull();
  });

  it('answers an upload to a missing bucket with NoSuchBucket and an unknown route with 404', async () => {
    const { error } = await service().storage.from('nowhere').upload('a.txt', text('x'));
    expect(error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    const res = await call('/nothing/here?x=1', { token: env.serviceRoleKey });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      statusCode: '404',
      code: 'InvalidRequest',
      error: 'Not Found',
      message: 'Route GET:/nothing/here?x=1 not found',
    });
  });

  it('enforces allowed_mime_types (with wildcards) with InvalidMimeType', async () => {
    const alice = user();
    const bucket = alice.client.storage.from('private-docs');
    const ok = await bucket.upload(
      `${alice.id}/pic.png`,
      new Blob([Buffer.from('png')], { type: 'image/png' }),
    );
    expect(ok.error).toBeNull();
    const res = await call(`/object/private-docs/${alice.id}/page.html`, {
      method: 'POST',
      token: alice.token,
      headers: { 'content-type': 'text/html' },
      body: '<p>',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '415',
      code: 'InvalidMimeType',
      error: 'invalid_mime_type',
      message: 'mime type text/html is not supported',
    });
  });

  it('refuses path traversal and malformed keys with InvalidKey and writes nothing', async () => {
    const alice = user();
    const root = await storageRoot(sql);
    const before = filesBelow(root).length;
    for (const key of [
      `${alice.id}/../escape.txt`,
      `${alice.id}/./x.txt`,
      `${alice.id}//x.txt`,
      `${alice.id}/a\u0001b`,
    ]) {
      // Slashes encoded too, so neither fetch nor any proxy normalises the dot segments away.
      const res = await call(`/object/public-assets/${encodeURIComponent(key)}`, {
        method: 'POST',
        token: alice.token,
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        statusCode: '400',
        code: 'InvalidKey',
        error: 'InvalidKey',
        message: `Invalid key: ${key}`,
      });
    }
    const dotdot = await call('/object/public-assets/..%2F..%2F..%2Fx.txt', {
      method: 'POST',
      token: env.serviceRoleKey,
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect((await dotdot.json()).code).toBe('InvalidKey');
    expect(filesBelow(root).length).toBe(before);
    expect(filesBelow(join(root, '..')).filter((f) => f.includes('escape') || f.endsWith('x.txt'))).toEqual(
      [],
    );
  });

  it('stops a streamed body at the limit, answers 413 and keeps nothing', async () => {
    const alice = user();
    const path = `${alice.id}/streamed.txt`;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= 300 * 1024) return c.close();
        sent += 16 * 1024;
        c.enqueue(new Uint8Array(16 * 1024).fill(120));
      },
    });
    const res = await fetch(`${env.apiUrl}/storage/v1/object/private-docs/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'text/plain' },
      body,
      // @ts-expect-error Node's fetch needs duplex for stream bodies
      duplex: 'half',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });
    expect(await sql`select 1 from storage.objects where name = ${path}`).toHaveLength(0);
    expect((await diskAndRows(sql)).tmp).toEqual([]);
  });

  it('keeps the keep-alive connection usable after refusing an upload part-way', async () => {
    const alice = user();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, size: number, type = 'text/plain', declared = false) =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const req = request(`${env.apiUrl}/storage/v1/object/private-docs/${alice.id}/${path}`, {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${alice.token}`,
            'content-type': type,
            ...(declared ? { 'content-length': String(Math.ceil(size / 16384) * 16384) } : {}),
          },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        // Chunked: the limit is only found part-way through the body.
        for (let sent = 0; sent < size; sent += 16 * 1024) req.write(Buffer.alloc(16 * 1024, 120));
        req.end();
      });
    try {
      // Refused part-way (chunked), before reading (declared length), and for its type (415).
      for (const [path, size, type, declared] of [
        ['too-big.txt', 300 * 1024, 'text/plain', false],
        ['too-big-declared.txt', 300 * 1024, 'text/plain', true],
        ['page.html', 64 * 1024, 'text/html', true],
      ] as const) {
        expect((await send(path, size, type, declared)).status, path).toBe(400);
        const next = await send(`after-${path}.txt`, 16 * 1024);
        expect(next, path).toEqual({ status: 200, reused: true });
      }
    } finally {
      agent.destroy();
    }
  });

  it('leaves neither row nor file when an upload fails midway', async () => {
    const alice = user();
    const path = `${alice.id}/aborted.txt`;
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array(1024));
        setTimeout(() => {
          controller.abort();
        }, 100);
      },
    });
    const attempt = fetch(`${env.apiUrl}/storage/v1/object/public-assets/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'text/plain' },
      body,
      signal: controller.signal,
      // @ts-expect-error Node's fetch needs duplex for stream bodies
      duplex: 'half',
    });
    await expect(attempt).rejects.toThrow();
    // The server notices the broken body on its own schedule: wait until its temp file is gone.
    await expect.poll(async () => (await diskAndRows(sql)).tmp, { timeout: 10_000 }).toEqual([]);
    expect(await sql`select 1 from storage.objects where name = ${path}`).toHaveLength(0);
    const { disk, rows } = await diskAndRows(sql);
    expect(disk).toEqual(rows);
  });
});

describe('copy and move into a bucket with limits', () => {
  it('check the destination bucket’s allowed types and size limit, as an upload does', async () => {
    const admin = service();
    const open = unique('anything');
    const images = unique('images');
    expect((await admin.storage.createBucket(open, { public: false })).error).toBeNull();
    const limited = { public: true, allowedMimeTypes: ['image/png'], fileSizeLimit: 10 };
    expect((await admin.storage.createBucket(images, limited)).error).toBeNull();
    const html = new Blob(['<script>alert(1)</script>'], { type: 'text/html' });
    const big = new Blob([new Uint8Array(20)], { type: 'image/png' });
    const small = new Blob([new Uint8Array(2)], { type: 'image/png' });
    for (const [name, blob] of [
      ['page.html', html],
      ['big.png', big],
      ['small.png', small],
    ] as const) {
      expect((await admin.storage.from(open).upload(name, blob)).error).toBeNull();
    }
    const refusedType = await admin.storage
      .from(open)
      .copy('page.html', 'page.html', { destinationBucket: images });
    expect(refusedType.error?.message).toBe('mime type text/html is not supported');
    const movedType = await admin.storage
      .from(open)
      .move('page.html', 'page.html', { destinationBucket: images });
    expect(movedType.error?.message).toBe('mime type text/html is not supported');
    const tooBig = await admin.storage.from(open).copy('big.png', 'big.png', { destinationBucket: images });
    expect(tooBig.error?.message).toBe('The object exceeded the maximum allowed size');
    // Nothing changed: the source objects stay, the destination has none of them.
    const rows = await sql`select bucket_id, name from storage.objects where bucket_id in (${open}, ${images})
      order by bucket_id, name`;
    expect(rows.map((r) => `${r.bucket_id === open ? 'open' : 'images'}/${r.name}`)).toEqual([
      'open/big.png',
      'open/page.html',
      'open/small.png',
    ]);
    const fits = await admin.storage.from(open).move('small.png', 'small.png', { destinationBucket: images });
    expect(fits.error).toBeNull();

    const res = await fetch(`${env.apiUrl}/storage/v1/object/public/${images}/small.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('active content', () => {
  it('serves HTML as text/plain on every read path, and SVG/XML in a script-free sandbox', async () => {
    const admin = service();
    const bucket = admin.storage.from('public-assets');
    const dir = `shared/${unique('active')}`;
    const files = [
      ['page.html', 'text/html; charset=utf-8', '<script>alert(1)</script>'],
      [
        'logo.svg',
        'image/svg+xml',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      ],
      ['feed.xml', 'application/atom+xml', '<feed/>'],
      ['notes.txt', 'text/plain', 'plain'],
      ['photo.png', 'image/png', 'not really a png'],
    ] as const;
    for (const [name, type, body] of files) {
      const { error } = await bucket.upload(`${dir}/${name}`, new Blob([body], { type }));
      expect(error).toBeNull();
    }
    const signed = await bucket.createSignedUrl(`${dir}/page.html`, 60);
    const reads = [
      `${env.apiUrl}/storage/v1/object/public/public-assets/${dir}/page.html`,
      `${env.apiUrl}/storage/v1/object/public-assets/${dir}/page.html`,
      signed.data!.signedUrl,
    ];
    for (const url of reads) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(url, { method });
        expect([
          res.status,
          res.headers.get('content-type'),
          res.headers.get('x-content-type-options'),
        ]).toEqual([200, 'text/plain', 'nosniff']);
      }
    }
    // The stored type is what was uploaded; only the served header changes.
    const info = await bucket.info(`${dir}/page.html`);
    expect(info.data?.contentType).toBe('text/html; charset=utf-8');

    const served = async (name: string) => {
      const res = await fetch(`${env.apiUrl}/storage/v1/object/public/public-assets/${dir}/${name}`);
      return [res.headers.get('content-type'), res.headers.get('content-security-policy')];
    };
    const sandbox = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
    expect(await served('logo.svg')).toEqual(['image/svg+xml', sandbox]);
    expect(await served('feed.xml')).toEqual(['application/atom+xml', sandbox]);
    expect(await served('notes.txt')).toEqual(['text/plain', null]);
    expect(await served('photo.png')).toEqual(['image/png', null]);
  });
});
