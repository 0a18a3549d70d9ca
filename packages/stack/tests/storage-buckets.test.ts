import { afterAll, describe, expect, it } from 'vitest';
import { anon, call, db, env, service, unique, user } from './storage-helpers.ts';

const sql = db();
afterAll(() => sql.end());

describe('storage buckets', () => {
  it('lists buckets for service_role with storage-api fields', async () => {
    const { data, error } = await service().storage.listBuckets();
    expect(error).toBeNull();
    const priv = data?.find((b) => b.id === 'private-docs');
    expect(priv).toEqual({
      id: 'private-docs',
      name: 'private-docs',
      owner: '',
      public: false,
      type: 'STANDARD',
      file_size_limit: 102400,
      allowed_mime_types: ['image/*', 'text/plain', 'application/pdf'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
  });

  it('gets one bucket with exactly the fields storage-api selects for it (no type, no owner_id)', async () => {
    const { data, error } = await service().storage.getBucket('private-docs');
    expect(error).toBeNull();
    expect(data).toStrictEqual({
      id: 'private-docs',
      name: 'private-docs',
      owner: '',
      public: false,
      file_size_limit: 102400,
      allowed_mime_types: ['image/*', 'text/plain', 'application/pdf'],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
  });

  it('leaves type out of the list for the old Python clients storage-api leaves it out for', async () => {
    const types = async (headers: Record<string, string>) => {
      const res = await call('/bucket', { token: env.serviceRoleKey, headers });
      const list = (await res.json()) as Record<string, unknown>[];
      return list.find((b) => b.id === 'private-docs')?.type;
    };
    expect(await types({ 'x-client-info': 'supabase-py/2.17.9' })).toBeUndefined();
    expect(await types({ 'user-agent': 'supabase-py/storage3 v0.12.0' })).toBeUndefined();
    expect(await types({ 'x-client-info': 'supabase-py/2.18.0' })).toBe('STANDARD');
    expect(await types({ 'user-agent': 'supabase-py/storage3 v0.12.1' })).toBe('STANDARD');
    expect(await types({ 'x-client-info': 'supabase-js-node/2.119.0' })).toBe('STANDARD');
  });

  it('shows no buckets to a user without a select policy on storage.buckets', async () => {
    const { data, error } = await user().client.storage.listBuckets();
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('creates, reads, updates, empties and deletes a bucket as service_role', async () => {
    const admin = service();
    const id = unique('bucket');
    const created = await admin.storage.createBucket(id, {
      public: true,
      fileSizeLimit: '1MB',
      allowedMimeTypes: ['image/png'],
    });
    expect(created).toEqual({ data: { name: id }, error: null });

    const got = await admin.storage.getBucket(id);
    expect(got.data).toMatchObject({
      id,
      name: id,
      public: true,
      file_size_limit: 1_000_000,
      allowed_mime_types: ['image/png'],
    });

    const updated = await admin.storage.updateBucket(id, { public: false, fileSizeLimit: 2048 });
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null });
    const [row] =
      await sql`select public, file_size_limit::int as limit, allowed_mime_types from storage.buckets where id = ${id}`;
    expect(row).toEqual({ public: false, limit: 2048, allowed_mime_types: ['image/png'] });

    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await admin.storage.from(id).upload('a.png', png, { contentType: 'image/png' });
    const notEmpty = await call(`/bucket/${id}`, { method: 'DELETE', token: env.serviceRoleKey });
    expect(notEmpty.status).toBe(400);
    expect(await notEmpty.json()).toEqual({
      statusCode: '409',
      code: 'ResourceNotEmpty',
      error: 'ResourceNotEmpty',
      message: 'The bucket you tried to delete is not empty',
    });

    const emptied = await admin.storage.emptyBucket(id);
    expect(emptied.data).toEqual({
      message: 'Empty bucket has been queued. Completion may take up to an hour.',
    });
    const deleted = await admin.storage.deleteBucket(id);
    expect(deleted).toEqual({ data: { message: 'Successfully deleted' }, error: null });
    expect(await sql`select 1 from storage.buckets where id = ${id}`).toHaveLength(0);
  });

  it('pages, sorts and searches the bucket list', async () => {
    const admin = service();
    const all = await admin.storage.listBuckets({ sortColumn: 'id', sortOrder: 'asc' });
    const ids = all.data?.map((b) => b.id) ?? [];
    expect(ids).toEqual([...ids].sort());
    const desc = await admin.storage.listBuckets({ sortColumn: 'id', sortOrder: 'desc' });
    expect(desc.data?.map((b) => b.id)).toEqual([...ids].reverse());
    const page = await admin.storage.listBuckets({ sortColumn: 'id', limit: 1, offset: 1 });
    expect(page.data?.map((b) => b.id)).toEqual(ids.slice(1, 2));
    const found = await admin.storage.listBuckets({ search: 'PRIVATE' });
    expect(found.data?.map((b) => b.id)).toEqual(['private-docs']);
  });

  it('refuses a duplicate bucket with 409 Duplicate', async () => {
    const res = await call('/bucket', {
      method: 'POST',
      token: env.serviceRoleKey,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'public-assets', name: 'public-assets' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '409',
      code: 'BucketAlreadyExists',
      error: 'Duplicate',
      message: 'The resource already exists',
    });
  });

  it('refuses bucket creation by a user without an insert policy (RLS)', async () => {
    const { data, error } = await user().client.storage.createBucket(unique('nope'));
    expect(data).toBeNull();
    expect(error).toMatchObject({
      name: 'StorageApiError',
      status: 400,
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
  });

  it('answers a missing bucket with NoSuchBucket', async () => {
    const res = await call('/bucket/does-not-exist', { token: env.serviceRoleKey });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    });
  });

  it("refuses a bucket limit above config.toml's global file_size_limit", async () => {
    const { error } = await service().storage.createBucket(unique('huge'), {
      public: false,
      fileSizeLimit: '1GB',
    });
    expect(error).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
  });

  it('refuses an invalid bucket name', async () => {
    const { error } = await service().storage.createBucket('bad/name');
    expect(error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
    const padded = await service().storage.createBucket(' padded');
    expect(padded.error).toMatchObject({ statusCode: '400', message: 'Bucket name invalid' });
  });

  it('refuses requests without a valid JWT with AccessDenied', async () => {
    const missing = await call('/bucket', { apikey: false });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'Invalid Compact JWS',
    });
    const forged = await call('/bucket', { token: `${env.anonKey.slice(0, -4)}AAAA` });
    expect(await forged.json()).toMatchObject({
      statusCode: '403',
      message: 'signature verification failed',
    });
    const anonList = await anon().storage.listBuckets();
    expect(anonList).toEqual({ data: [], error: null });
  });
});
