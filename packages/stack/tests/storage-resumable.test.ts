import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anon, db, env, service, storageRoot, unique, user } from './storage-helpers.ts';
import {
  bytes,
  digest,
  eventually,
  refusal,
  startPatch,
  tusFetch,
  tusUpload,
} from './storage-resumable-helpers.ts';

const sql = db();
afterAll(() => sql.end());

const download = async (bucket: string, path: string) => {
  const { data, error } = await service().storage.from(bucket).download(path);
  if (error) throw error;
  return Buffer.from(await data.arrayBuffer());
};

/** The digest of an object's bytes, to compare with the digest of what was sent. */
const downloaded = async (bucket: string, path: string) => digest(await download(bucket, path));

const partialsOnDisk = async () => {
  try {
    return readdirSync(join(await storageRoot(sql), 'resumable'));
  } catch {
    return [];
  }
};

/** Unfinished uploads on disk whose target is in `folder` (other suites upload meanwhile, elsewhere). */
const partialsIn = async (folder: string) => {
  const dir = join(await storageRoot(sql), 'resumable');
  return (await partialsOnDisk())
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      try {
        return JSON.parse(readFileSync(join(dir, f), 'utf8')) as { name: string; finished?: boolean };
      } catch {
        return null; // finished or removed since the listing
      }
    })
    .filter((info) => info && !info.finished && info.name.startsWith(`${folder}/`));
};

const offsetOf = async (url: string, token: string) =>
  (await tusFetch(url, 'HEAD', { authorization: `Bearer ${token}` })).headers.get('upload-offset');

describe('resumable uploads (TUS) with tus-js-client', () => {
  it('uploads a small file that downloads with the same bytes, type, cacheControl and metadata', async () => {
    const alice = user();
    const path = `${alice.id}/${unique('small')}.txt`;
    const data = Buffer.from('hello resumable world');
    const run = await tusUpload(data, {
      token: alice.token,
      metadata: {
        bucketName: 'public-assets',
        objectName: path,
        contentType: 'text/plain',
        cacheControl: '3600',
        metadata: JSON.stringify({ purpose: 'tus' }),
      },
    });
    expect(run.responses.map((r) => [r.method, r.status])).toEqual([
      ['POST', 201],
      ['PATCH', 204],
    ]);
    expect(run.url).toMatch(new RegExp(`^${env.apiUrl}/storage/v1/upload/resumable/[A-Za-z0-9_-]+$`));
    const id = Buffer.from(run.url!.split('/').pop()!, 'base64url').toString();
    expect(id).toMatch(new RegExp(`^public-assets/${path}/[0-9a-f-]{36}$`));

    expect(await downloaded('public-assets', path)).toBe(digest(data));
    const info = await alice.client.storage.from('public-assets').info(path);
    expect(info.data).toMatchObject({
      size: data.length,
      contentType: 'text/plain',
      cacheControl: 'max-age=3600',
      metadata: { purpose: 'tus' },
    });
    const [row] = await sql`select owner, version, metadata from storage.objects
      where bucket_id = 'public-assets' and name = ${path}`;
    expect(row?.owner).toBe(alice.id);
    // The version in the upload URL is the object's version.
    expect(id.endsWith(row?.version)).toBe(true);
    expect(row?.metadata.eTag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await partialsOnDisk()).not.toContain(row?.version);

    // As on hosted, the finished upload still answers as complete until it expires, and is not terminated.
    const head = await tusFetch(run.url!, 'HEAD', { authorization: `Bearer ${alice.token}` });
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([
      200,
      String(data.length),
      String(data.length),
    ]);
    // storage-api asks the policies first: without x-upsert the object's existence refuses (409).
    const terminate = (upsert: string) =>
      tusFetch(run.url!, 'DELETE', { authorization: `Bearer ${alice.token}`, 'x-upsert': upsert });
    const refused = await terminate('false');
    expect([refused.status, await refused.text()]).toEqual([409, 'The resource already exists']);
    const completed = await terminate('true');
    expect([completed.status, await completed.text()]).toEqual([
      400,
      'Cannot terminate an already completed upload',
    ]);
    expect(await downloaded('public-assets', path)).toBe(digest(data));
  });

  it('uploads a multi-chunk file, and a file sent with its creation request', async () => {
    const alice = user();
    const path = `${alice.id}/${unique('big')}.bin`;
    const data = bytes(300 * 1024);
    const run = await tusUpload(data, {
      token: alice.token,
      chunkSize: 64 * 1024,
      metadata: { bucketName: 'public-assets', objectName: path, contentType: 'application/octet-stream' },
    });
    expect(run.responses.map((r) => r.method)).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH', 'PATCH', 'PATCH']);
    expect(run.responses.map((r) => r.offset)).toEqual([
      undefined,
      ...[1, 2, 3, 4].map((n) => String(n * 64 * 1024)),
      String(data.length),
    ]);
    expect(await downloaded('public-assets', path)).toBe(digest(data));

    const oneShot = `${alice.id}/${unique('creation')}.bin`;
    const small = bytes(5000);
    const withCreation = await tusUpload(small, {
      token: alice.token,
      uploadDataDuringCreation: true,
      metadata: { bucketName: 'public-assets', objectName: oneShot },
    });
    expect(withCreation.responses).toEqual([{ method: 'POST', status: 201, offset: '5000' }]);
    expect(await downloaded('public-assets', oneShot)).toBe(digest(small));
    const info = await alice.client.storage.from('public-assets').info(oneShot);
    // Without contentType and cacheControl: storage's defaults.
    expect(info.data).toMatchObject({ contentType: 'application/octet-stream', cacheControl: 'no-cache' });
  });

  it('resumes from the server offset after the client aborts between chunks', async () => {
    const alice = user();
    const path = `${alice.id}/${unique('resume')}.bin`;
    const data = bytes(100 * 1024);
    const meta = { bucketName: 'public-assets', objectName: path };
    const first = await tusUpload(data, {
      token: alice.token,
      chunkSize: 16 * 1024,
      metadata: meta,
      abortAfter: (accepted) => accepted >= 32 * 1024,
    });
    expect(await offsetOf(first.url!, alice.token)).toBe(String(32 * 1024));
    const { data: missing } = await alice.client.storage.from('public-assets').exists(path);
    expect(missing).toBe(false);

    const second = await tusUpload(data, {
      token: alice.token,
      chunkSize: 16 * 1024,
      metadata: meta,
      uploadUrl: first.url!,
    });
    expect(second.responses[0]).toEqual({ method: 'HEAD', status: 200, offset: String(32 * 1024) });
    // 100 KiB in 16 KiB chunks: 7 chunks, 2 sent before the abort.
    expect(second.responses.filter((r) => r.method === 'PATCH')).toHaveLength(5);
    expect(await downloaded('public-assets', path)).toBe(digest(data));
  });

  it('keeps the bytes of a PATCH cut off mid-body, and resumes from there', async () => {
    const alice = user();
    const path = `${alice.id}/${unique('cut')}.bin`;
    const data = bytes(200 * 1024);
    const meta = { bucketName: 'public-assets', objectName: path, contentType: 'image/png' };
    const created = await tusFetch(`${env.apiUrl}/storage/v1/upload/resumable`, 'POST', {
      authorization: `Bearer ${alice.token}`,
      'upload-length': String(data.length),
      'upload-metadata': Object.entries(meta)
        .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
        .join(','),
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    const sent = 70 * 1024;
    const patch = startPatch(url, alice.token, 0, data.length, data.subarray(0, sent));
    // Cut the connection once the server has written what was sent (the partial's size on disk says so).
    const version = Buffer.from(url.split('/').pop()!, 'base64url').toString().split('/').pop()!;
    const partial = join(await storageRoot(sql), 'resumable', version);
    await eventually(async () => (statSync(partial).size === sent ? true : undefined));
    patch.drop();
    // HEAD waits for the cut PATCH to finish: the offset is what arrived.
    expect(await offsetOf(url, alice.token)).toBe(String(sent));

    const resumed = await tusUpload(data, { token: alice.token, metadata: meta, uploadUrl: url });
    expect(resumed.responses.map((r) => [r.method, r.offset])).toEqual([
      ['HEAD', String(sent)],
      ['PATCH', String(data.length)],
    ]);
    expect(await downloaded('public-assets', path)).toBe(digest(data));
    const info = await alice.client.storage.from('public-assets').info(path);
    expect(info.data?.contentType).toBe('image/png');
  });
});

describe('resumable uploads: upsert, bucket limits and policies', () => {
  it('refuses an existing object without x-upsert, and replaces it with x-upsert: true', async () => {
    const alice = user();
    const path = `${alice.id}/${unique('twice')}.txt`;
    const meta = { bucketName: 'public-assets', objectName: path, contentType: 'text/plain' };
    await tusUpload(Buffer.from('first'), { token: alice.token, metadata: meta });

    const error = await tusUpload(Buffer.from('second'), { token: alice.token, metadata: meta }).catch(
      (e) => e,
    );
    expect(refusal(error)).toEqual({ status: 409, body: 'The resource already exists' });
    const refusedFalse = await tusUpload(Buffer.from('second'), {
      token: alice.token,
      metadata: meta,
      upsert: false,
    }).catch((e) => e);
    expect(refusal(refusedFalse).status).toBe(409);
    expect(await partialsIn(alice.id)).toEqual([]);
    expect((await download('public-assets', path)).toString()).toBe('first');

    await tusUpload(Buffer.from('second, replaced'), { token: alice.token, metadata: meta, upsert: true });
    expect((await download('public-assets', path)).toString()).toBe('second, replaced');
    const rows =
      await sql`select version from storage.objects where bucket_id = 'public-assets' and name = ${path}`;
    expect(rows).toHaveLength(1);
  });

  it("refuses a file over the bucket's file_size_limit and a type it does not allow, before any byte", async () => {
    const alice = user();
    const tooBig = await tusUpload(bytes(150 * 1024), {
      token: alice.token,
      metadata: {
        bucketName: 'private-docs',
        objectName: `${alice.id}/big.pdf`,
        contentType: 'application/pdf',
      },
    }).catch((e) => e);
    expect(refusal(tooBig)).toEqual({ status: 413, body: 'Maximum size exceeded\n' });

    const wrongType = await tusUpload(bytes(10), {
      token: alice.token,
      metadata: {
        bucketName: 'private-docs',
        objectName: `${alice.id}/a.zip`,
        contentType: 'application/zip',
      },
    }).catch((e) => e);
    expect(refusal(wrongType)).toEqual({ status: 415, body: 'mime type application/zip is not supported' });
    expect(await partialsIn(alice.id)).toEqual([]);

    const fits = `${alice.id}/${unique('fits')}.txt`;
    await tusUpload(Buffer.from('fits'), {
      token: alice.token,
      metadata: { bucketName: 'private-docs', objectName: fits, contentType: 'text/plain' },
    });
    expect((await download('private-docs', fits)).toString()).toBe('fits');
  });

  it('refuses anon and a user writing outside their folder (row-level security), storing nothing', async () => {
    const alice = user();
    const bob = user();
    const asAnon = await tusUpload(bytes(10), {
      token: env.anonKey,
      metadata: { bucketName: 'public-assets', objectName: `${alice.id}/anon.bin` },
    }).catch((e) => e);
    expect(refusal(asAnon)).toEqual({ status: 403, body: 'new row violates row-level security policy' });
    const asBob = await tusUpload(bytes(10), {
      token: bob.token,
      metadata: { bucketName: 'public-assets', objectName: `${alice.id}/bob.bin` },
    }).catch((e) => e);
    expect(refusal(asBob)).toEqual({ status: 403, body: 'new row violates row-level security policy' });
    expect(await partialsIn(alice.id)).toEqual([]);
    const { data } = await anon().storage.from('public-assets').list(alice.id);
    expect(data).toEqual([]);
  });

  it('checks the policies again on each PATCH: another user cannot write into an upload', async () => {
    const alice = user();
    const bob = user();
    const path = `${alice.id}/${unique('hijack')}.bin`;
    const first = await tusUpload(bytes(64 * 1024), {
      token: alice.token,
      chunkSize: 16 * 1024,
      metadata: { bucketName: 'public-assets', objectName: path },
      abortAfter: () => true,
    });
    const patch = await tusFetch(
      first.url!,
      'PATCH',
      {
        authorization: `Bearer ${bob.token}`,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(16 * 1024),
      },
      bytes(100),
    );
    expect(patch.status).toBe(403);
    expect(await patch.text()).toBe('new row violates row-level security policy');
    expect(await offsetOf(first.url!, alice.token)).toBe(String(16 * 1024));
  });
});

describe('resumable uploads to a signed upload URL (/upload/resumable/sign)', () => {
  it('uploads with the x-signature token alone, as its owner, and refuses a missing or bad one', async () => {
    const alice = user();
    const path = `${alice.id}/${unique('signed')}.txt`;
    const { data: signed, error } = await alice.client.storage
      .from('private-docs')
      .createSignedUploadUrl(path);
    expect(error).toBeNull();
    const meta = { bucketName: 'private-docs', objectName: path, contentType: 'text/plain' };
    const run = await tusUpload(Buffer.from('signed and resumable'), {
      signature: signed!.token,
      metadata: meta,
    });
    expect(run.url).toContain('/storage/v1/upload/resumable/sign/');
    expect((await download('private-docs', path)).toString()).toBe('signed and resumable');
    const [row] =
      await sql`select owner_id from storage.objects where bucket_id = 'private-docs' and name = ${path}`;
    expect(row?.owner_id).toBe(alice.id);

    const other = { ...meta, objectName: `${alice.id}/${unique('unsigned')}.txt` };
    const missing = await tusUpload(Buffer.from('x'), { metadata: other, signature: '' }).catch((e) => e);
    expect(refusal(missing)).toEqual({ status: 400, body: 'Missing x-signature header' });
    const bad = await tusUpload(Buffer.from('x'), { metadata: other, signature: 'invalid-token' }).catch(
      (e) => e,
    );
    expect(refusal(bad)).toEqual({ status: 400, body: 'Invalid Compact JWS' });
    // The token is for one object only.
    const elsewhere = await tusUpload(Buffer.from('x'), { metadata: other, signature: signed!.token }).catch(
      (e) => e,
    );
    expect(refusal(elsewhere).status).toBe(400);
    const { data: listed } = await service().storage.from('private-docs').list(alice.id);
    expect(listed?.map((f) => f.name)).toEqual([path.split('/')[1]]);
  });
});
