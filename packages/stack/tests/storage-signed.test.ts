import { describe, expect, it } from 'vitest';
import { seededDocsSuite } from './helpers/storage-suite.ts';
import { anon, call, diskAndRows, env, unique } from './storage-helpers.ts';

const { sql, alice, bob, folder, docs } = seededDocsSuite();

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
    const other = await fetch(
      `${env.apiUrl}/storage/v1/object/sign/private-docs/${folder}/b.txt?token=${token}`,
    );
    expect(await other.json()).toEqual({
      statusCode: '400',
      code: 'InvalidSignature',
      error: 'InvalidSignature',
      message: 'Invalid signature',
    });
    const tampered = await fetch(
      `${env.apiUrl}/storage/v1/object/sign/private-docs/${folder}/a.txt?token=${token}x`,
    );
    expect(await tampered.json()).toMatchObject({
      code: 'InvalidJWT',
      message: 'signature verification failed',
    });
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
    expect(data).toEqual({
      signedUrl: expect.stringContaining('/object/upload/sign/private-docs/'),
      token: expect.any(String),
      path,
    });
    const up = await anon()
      .storage.from('private-docs')
      .uploadToSignedUrl(path, data!.token, new Blob(['via token'], { type: 'text/plain' }));
    expect(up).toEqual({ data: { path, fullPath: `private-docs/${path}` }, error: null });
    const [row] =
      await sql`select owner_id from storage.objects where bucket_id = 'private-docs' and name = ${path}`;
    expect(row).toEqual({ owner_id: alice.id });
    const again = await anon()
      .storage.from('private-docs')
      .uploadToSignedUrl(path, data!.token, new Blob(['again'], { type: 'text/plain' }));
    expect(again.error).toMatchObject({ statusCode: '409' });
    const denied = await docs().createSignedUploadUrl(`${bob.id}/x.txt`);
    expect(denied.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
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
    expect(moved).toEqual({
      data: { message: 'Successfully moved', Id: expect.any(String), Key: to },
      error: null,
    });
    expect(await (await docs().download(to)).data?.text()).toBe('move me');
    expect((await docs().exists(from)).data).toBe(false);
    const taken = await docs().move(to, `${folder}/a.txt`);
    expect(taken.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const hidden = await bob.client.storage.from('private-docs').move(to, `${bob.id}/mine.txt`);
    expect(hidden.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    const stolen = await docs().move(to, `${bob.id}/stolen.txt`);
    expect(stolen.error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
  });

  it('copies into a new object with its own bytes', async () => {
    const to = `${folder}/${unique('copy')}.txt`;
    const copied = await docs().copy(`${folder}/b.txt`, to);
    expect(copied).toEqual({ data: { path: `private-docs/${to}` }, error: null });
    expect(await (await docs().download(to)).data?.text()).toBe('bravo');
    const cross = await docs().copy(`${folder}/b.txt`, `${folder}/${unique('x')}.txt`, {
      destinationBucket: 'public-assets',
    });
    expect(cross.error).toBeNull();
    const denied = await docs().copy(`${folder}/b.txt`, `${bob.id}/copy.txt`);
    expect(denied.error).toMatchObject({ statusCode: '403' });
  });

  it('removes a single object by path (DELETE /object/<bucket>/<path>)', async () => {
    const victim = `${folder}/${unique('single')}.txt`;
    await docs().upload(victim, new Blob(['one'], { type: 'text/plain' }));
    const byBob = await call(`/object/private-docs/${victim}`, { method: 'DELETE', token: bob.token });
    // storage-api finds the row as admin, then deletes as the caller: nothing deleted is AccessDenied.
    expect(await byBob.json()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'Access denied',
    });
    const res = await call(`/object/private-docs/${victim}`, { method: 'DELETE', token: alice.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: 'Successfully deleted' });
    expect((await docs().exists(victim)).data).toBe(false);
  });

  it('removes what the caller may delete and keeps disk and rows in step', async () => {
    const victim = `${folder}/${unique('rm')}.txt`;
    await docs().upload(victim, new Blob(['bye'], { type: 'text/plain' }));
    const byBob = await bob.client.storage.from('private-docs').remove([victim]);
    expect(byBob).toEqual({ data: [], error: null });
    const removed = await docs().remove([victim, `${folder}/never-was.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([
      expect.objectContaining({
        name: victim,
        bucket_id: 'private-docs',
        owner: alice.id,
        owner_id: alice.id,
      }),
    ]);
    expect((await docs().exists(victim)).data).toBe(false);
    const { disk, rows, tmp } = await diskAndRows(sql);
    expect(tmp).toEqual([]);
    expect(disk).toEqual(rows);
  });
});
