/**
 * @module storage/resumable/finish — an upload whose last byte arrived becomes a normal storage object:
 * its row written as the caller who sent that byte (so insert/update policies and `x-upsert` decide, as
 * storage-api's `completeUpload`), its bytes renamed to the object's version, its partial marked finished.
 */
import { saveObject } from '../write.ts';
import { type TusRequest, userMetadataOf } from './context.ts';
import type { Partial } from './partials.ts';

export async function finish(t: TusRequest, partial: Partial): Promise<void> {
  const staged = { path: partial.path, size: partial.offset, eTag: await t.deps.partials.eTag(partial) };
  await saveObject(
    t.deps,
    {
      caller: t.caller,
      bucketId: partial.bucket,
      name: partial.name,
      upsert: t.upsert,
      owner: t.owner,
    },
    staged,
    {
      mimetype: partial.metadata.contentType || 'application/octet-stream',
      cacheControl: partial.metadata.cacheControl ?? 'no-cache',
      userMetadata: userMetadataOf(partial.metadata),
    },
    // The version in the upload URL is the object's version: nothing is copied.
    partial.version,
  );
  // A refused finish keeps the partial, so the client can finish again (say with x-upsert). A finished
  // one is remembered until it expires: HEAD then answers complete, DELETE refuses, as storage-api.
  await t.deps.partials.finished(partial);
}
