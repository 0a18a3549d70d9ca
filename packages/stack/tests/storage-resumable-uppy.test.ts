/**
 * Uppy's Tus plugin against the stack, configured as Supabase's resumable-upload guide does (6 MiB
 * chunks, data with the creation request, the four metadata fields, fingerprints removed on success).
 */
import { randomBytes } from 'node:crypto';
import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { expect, it } from 'vitest';
import { env, service, unique, user } from './storage-helpers.ts';
import { digest, endpoint } from './storage-resumable-helpers.ts';

it('uploads through Uppy with @uppy/tus into a user folder, chunked, readable afterwards', async () => {
  const alice = user();
  const name = `${alice.id}/${unique('uppy')}.bin`;
  const data = randomBytes(7 * 1024 * 1024);
  const uppy = new Uppy({ autoProceed: false }).use(Tus, {
    endpoint,
    headers: { authorization: `Bearer ${alice.token}`, apikey: env.anonKey, 'x-upsert': 'true' },
    uploadDataDuringCreation: true,
    chunkSize: 6 * 1024 * 1024,
    allowedMetaFields: ['bucketName', 'objectName', 'contentType', 'cacheControl'],
    removeFingerprintOnSuccess: true,
    retryDelays: [],
  });
  uppy.addFile({
    name: 'payload.bin',
    type: 'application/octet-stream',
    // In Node, tus-js-client (under @uppy/tus) reads Buffers and streams, not Blobs as in a browser.
    data: data as unknown as Blob,
    meta: {
      bucketName: 'public-assets',
      objectName: name,
      contentType: 'application/pdf',
      cacheControl: '60',
    },
  });
  const result = await uppy.upload();
  expect(result?.failed ?? []).toEqual([]);
  expect(result?.successful).toHaveLength(1);

  const { data: file, error } = await service().storage.from('public-assets').download(name);
  expect(error).toBeNull();
  expect(digest(Buffer.from(await file!.arrayBuffer()))).toBe(digest(data));
  const info = await alice.client.storage.from('public-assets').info(name);
  expect(info.data).toMatchObject({
    size: data.length,
    contentType: 'application/pdf',
    cacheControl: 'max-age=60',
  });
  uppy.destroy();
});
