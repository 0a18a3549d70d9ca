import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { db, env, service, storageRoot, unique, user } from './storage-helpers.ts';
import { bytes, endpoint, metadataHeader, tusFetch } from './storage-resumable-helpers.ts';

const sql = db();
afterAll(() => sql.end());

const alice = user();
const auth = { authorization: `Bearer ${alice.token}` };
const target = (name = `${alice.id}/${unique('e')}.bin`, extra: Record<string, string> = {}) =>
  metadataHeader({ bucketName: 'public-assets', objectName: name, ...extra });

/** Creates an upload of `length` bytes and returns its URL. */
async function created(length: number, name?: string): Promise<string> {
  const response = await tusFetch(endpoint, 'POST', {
    ...auth,
    'upload-length': String(length),
    'upload-metadata': target(name),
  });
  expect(response.status).toBe(201);
  return response.headers.get('location')!;
}

const patch = (url: string, offset: number, body: Buffer, headers: Record<string, string | null> = {}) =>
  tusFetch(
    url,
    'PATCH',
    {
      ...auth,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      ...headers,
    },
    body,
  );

const answer = async (response: Response) => ({ status: response.status, body: await response.text() });

describe('resumable uploads: bad input gets storage-api status and body, and changes nothing', () => {
  it('refuses creations with missing or broken protocol headers', async () => {
    const base = { ...auth, 'upload-length': '10', 'upload-metadata': target() };
    expect(await answer(await tusFetch(endpoint, 'POST', { ...base, 'upload-length': null }))).toEqual({
      status: 400,
      body: 'Upload-Length or Upload-Defer-Length header required\n',
    });
    expect(await answer(await tusFetch(endpoint, 'POST', { ...base, 'upload-length': '-1' }))).toEqual({
      status: 400,
      body: 'Invalid upload-length\n',
    });
    expect(
      await answer(await tusFetch(endpoint, 'POST', { ...base, 'upload-metadata': 'bucketName !!' })),
    ).toEqual({ status: 400, body: 'Invalid upload-metadata\n' });
    expect(await answer(await tusFetch(endpoint, 'POST', { ...base, 'upload-metadata': null }))).toEqual({
      status: 400,
      body: 'Metadata header is required',
    });
    expect(await answer(await tusFetch(endpoint, 'POST', { ...base, 'tus-resumable': '0.2.2' }))).toEqual({
      status: 400,
      body: 'Invalid tus-resumable\n',
    });
    const noVersion = await tusFetch(endpoint, 'POST', { ...base, 'tus-resumable': null });
    expect(await answer(noVersion)).toEqual({ status: 412, body: 'Tus-Resumable Required\n' });
    expect(noVersion.headers.get('tus-resumable')).toBe('1.0.0');
    const noBucket = metadataHeader({ bucketName: 'no-such-bucket', objectName: 'a.txt' });
    expect(await answer(await tusFetch(endpoint, 'POST', { ...base, 'upload-metadata': noBucket }))).toEqual({
      status: 404,
      body: 'Bucket not found',
    });
    const badKey = target(`${alice.id}/../escape.txt`);
    expect(await answer(await tusFetch(endpoint, 'POST', { ...base, 'upload-metadata': badKey }))).toEqual({
      status: 400,
      body: `Invalid key: ${alice.id}/../escape.txt`,
    });
    const concat = await tusFetch(endpoint, 'POST', { ...base, 'upload-concat': 'partial' });
    expect(concat.status).toBe(501);
  });

  it('refuses a bad token in storage JSON before the protocol, as storage-api does', async () => {
    const response = await tusFetch(endpoint, 'POST', {
      authorization: 'Bearer not-a-jwt',
      'upload-length': '1',
      'upload-metadata': target(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'Invalid Compact JWS',
    });
  });

  it('refuses PATCHes at the wrong offset, without the offset, of the wrong type or too long', async () => {
    const url = await created(10);
    expect(await answer(await patch(url, 0, bytes(4)))).toEqual({ status: 204, body: '' });
    expect(await answer(await patch(url, 0, bytes(4)))).toEqual({
      status: 409,
      body: 'Upload-Offset conflict\n',
    });
    expect(await answer(await patch(url, 0, bytes(4), { 'upload-offset': null }))).toEqual({
      status: 403,
      body: 'Upload-Offset header required\n',
    });
    expect(await answer(await patch(url, 4, bytes(4), { 'content-type': 'text/plain' }))).toEqual({
      status: 400,
      body: 'Invalid content-type\n',
    });
    expect(await answer(await patch(url, 4, bytes(7)))).toEqual({
      status: 413,
      body: "upload's size exceeded\n",
    });
    const head = await tusFetch(url, 'HEAD', auth);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('4');
    expect(head.headers.get('upload-length')).toBe('10');
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(head.headers.get('tus-resumable')).toBe('1.0.0');
  });

  it('answers 404 for an unknown upload and 400 for a malformed id', async () => {
    const url = await created(5);
    const unknown = url.replace(
      /[^/]+$/,
      Buffer.from(`public-assets/${alice.id}/x/${crypto.randomUUID()}`).toString('base64url'),
    );
    expect((await tusFetch(unknown, 'HEAD', auth)).status).toBe(404);
    expect(await answer(await patch(unknown, 0, bytes(1)))).toEqual({
      status: 404,
      body: 'The file for this url was not found\n',
    });
    const malformed = url.replace(/[^/]+$/, Buffer.from('nonsense').toString('base64url'));
    expect(await answer(await patch(malformed, 0, bytes(1)))).toEqual({
      status: 400,
      body: 'Invalid upload id',
    });
    // A URL whose id names another object than the upload's is not that upload.
    const version = Buffer.from(url.split('/').pop()!, 'base64url').toString().split('/').pop();
    const moved = url.replace(
      /[^/]+$/,
      Buffer.from(`public-assets/${alice.id}/other/${version}`).toString('base64url'),
    );
    expect((await patch(moved, 0, bytes(5))).status).toBe(404);
    expect((await tusFetch(url, 'HEAD', auth)).headers.get('upload-offset')).toBe('0');
  });

  it('terminates an unfinished upload, and sweeps uploads past their expiry', async () => {
    const url = await created(8);
    expect((await tusFetch(url, 'DELETE', auth)).status).toBe(204);
    expect((await tusFetch(url, 'HEAD', auth)).status).toBe(404);

    const old = await created(8);
    const version = Buffer.from(old.split('/').pop()!, 'base64url').toString().split('/').pop()!;
    const infoFile = join(await storageRoot(sql), 'resumable', `${version}.json`);
    const info = JSON.parse(readFileSync(infoFile, 'utf8'));
    writeFileSync(
      infoFile,
      JSON.stringify({ ...info, created: new Date(Date.now() - 2 * 3600_000).toISOString() }),
    );
    expect(await answer(await patch(old, 0, bytes(8)))).toEqual({
      status: 410,
      body: 'The file for this url no longer exists\n',
    });
    // Each creation sweeps the expired away.
    await created(1);
    expect((await tusFetch(old, 'HEAD', auth)).status).toBe(404);
  });

  it('takes the length later (creation-defer-length) and finishes a zero-byte upload at creation', async () => {
    const name = `${alice.id}/${unique('deferred')}.bin`;
    const response = await tusFetch(endpoint, 'POST', {
      ...auth,
      'upload-defer-length': '1',
      'upload-metadata': target(name),
    });
    const url = response.headers.get('location')!;
    expect((await tusFetch(url, 'HEAD', auth)).headers.get('upload-defer-length')).toBe('1');
    const data = bytes(6);
    expect((await patch(url, 0, data.subarray(0, 3))).status).toBe(204);
    const last = await patch(url, 3, data.subarray(3), { 'upload-length': '6' });
    expect(last.status).toBe(204);
    expect(last.headers.get('tus-complete')).toBe('1');
    const { data: file } = await service().storage.from('public-assets').download(name);
    expect(Buffer.from(await file!.arrayBuffer())).toEqual(data);

    const empty = `${alice.id}/${unique('empty')}.txt`;
    const zero = await tusFetch(endpoint, 'POST', {
      ...auth,
      'upload-length': '0',
      'upload-metadata': target(empty),
    });
    expect(zero.status).toBe(201);
    expect(zero.headers.get('tus-complete')).toBe('1');
    const info = await service().storage.from('public-assets').info(empty);
    expect(info.data?.size).toBe(0);
  });

  it('answers TUS discovery (OPTIONS) without a token, and lets browsers send the protocol headers', async () => {
    const discovery = await fetch(endpoint, { method: 'OPTIONS' });
    expect(discovery.status).toBe(204);
    expect(discovery.headers.get('tus-version')).toBe('1.0.0');
    expect(discovery.headers.get('tus-extension')).toBe(
      'creation,creation-with-upload,creation-defer-length,termination,expiration',
    );
    expect(discovery.headers.get('tus-max-size')).toBe(String(50 * 1024 * 1024));
    const preflight = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'tus-resumable,upload-offset,content-type,x-upsert',
      },
    });
    expect(preflight.ok).toBe(true);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('upload-offset');
  });

  it('advertises TUS in the headers of its answers', async () => {
    const response = await tusFetch(endpoint, 'POST', {
      ...auth,
      'upload-length': '3',
      'upload-metadata': target(),
    });
    expect(response.headers.get('tus-resumable')).toBe('1.0.0');
    expect(response.headers.get('upload-expires')).toMatch(/GMT$/);
    expect(response.headers.get('access-control-expose-headers')).toContain('Upload-Offset');
    expect(response.headers.get('location')?.startsWith(`${env.apiUrl}/storage/v1/upload/resumable/`)).toBe(
      true,
    );
  });
});
