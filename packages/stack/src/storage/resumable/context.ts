/**
 * @module storage/resumable/context — what a TUS handler works with: the storage deps, the request and
 * its caller, the answer's headers so far, and the checks storage-api's TUS hooks make before bytes
 * are accepted (the bucket's size limit, the caller's right to write the object, or a signed grant).
 */
import { randomUUID } from 'node:crypto';
import type { Caller } from '../auth.ts';
import type { StorageDeps } from '../deps.ts';
import { errors } from '../errors.ts';
import { findBucket } from '../rows.ts';
import { verifyUrlToken } from '../sign.ts';
import { insertObjectRow } from '../write.ts';
import type { UploadMetadata } from './metadata.ts';
import { tusErrors } from './protocol.ts';
import type { UploadId } from './upload-id.ts';

/** The storage deps; partial uploads and their locks are among them. */
export type ResumableDeps = StorageDeps;

export interface TusRequest {
  deps: ResumableDeps;
  request: Request;
  url: URL;
  /** null on the signed routes (`/upload/resumable/sign`), which write as the storage admin. */
  caller: Caller | null;
  /** Who the object will belong to: the caller, or the signed token's `owner`. */
  owner: string | undefined;
  /** `x-upsert: true` on this request (storage-api reads it on every request), or the token's `upsert`. */
  upsert: boolean;
  headers: Headers;
}

/**
 * The signed routes' grant: the `x-signature` header holds a signed upload URL's token for this object,
 * whose `owner` and `upsert` stand in for the caller's (storage-api's `verifyObjectSignature`).
 */
export function checkSignature(t: TusRequest, id: UploadId): void {
  const signature = t.request.headers.get('x-signature');
  if (!signature) throw errors.invalidSignature('Missing x-signature header');
  const claims = verifyUrlToken(t.deps, signature, `${id.bucket}/${id.name}`, 'upload');
  t.owner = typeof claims.owner === 'string' ? claims.owner : undefined;
  t.upsert = claims.upsert === true;
}

/** The bucket and the most an upload to it may hold: its file_size_limit, capped by the global one. */
export async function bucketLimit(deps: StorageDeps, bucketId: string) {
  const bucket = await deps.db.asAdmin((tx) => findBucket(tx, bucketId));
  const max = Math.min(deps.fileSizeLimit, bucket.file_size_limit || deps.fileSizeLimit);
  return { bucket, max };
}

/** The user metadata a client sent as JSON in `metadata`; storage-api ignores it when it is not JSON. */
export function userMetadataOf(meta: UploadMetadata): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(meta.metadata ?? '');
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * storage-api's `canUpload`: the object row is inserted (or upserted) as the caller and rolled back, so
 * storage.objects' policies refuse (403) and an existing object without upsert is a 409, before any byte.
 */
export async function mayUpload(t: TusRequest, id: UploadId, meta: UploadMetadata, size?: number) {
  if (!t.caller) return checkSignature(t, id);
  await t.deps.db.testPermission(t.caller, (tx) =>
    insertObjectRow(
      tx,
      {
        id: randomUUID(),
        bucketId: id.bucket,
        name: id.name,
        owner: t.owner,
        version: id.version,
        metadata: { mimetype: meta.contentType ?? undefined, contentLength: size },
        userMetadata: userMetadataOf(meta),
      },
      t.upsert,
    ),
  );
}

/**
 * How many body bytes this request may bring (tus-node-server's `calculateMaxBodySize`): refused at once
 * when its Content-Length overshoots the declared length (or, while deferred, the limit).
 */
export function bodyLimit(request: Request, at: { offset: number; size?: number }, max: number): number {
  const header = request.headers.get('content-length');
  const length = Number.parseInt(header ?? '0', 10);
  if (at.size === undefined) {
    if (header !== null && max > 0 && at.offset + length > max) throw tusErrors.sizeExceeded();
    return max > 0 ? max - at.offset : Number.MAX_SAFE_INTEGER;
  }
  if (at.offset + length > at.size) throw tusErrors.sizeExceeded();
  return header !== null ? length : at.size - at.offset;
}

/** Where the upload lives, as storage-api's `generateUrl` writes it behind the gateway. */
export function uploadUrl(t: TusRequest, encodedId: string): string {
  const h = t.request.headers;
  const proto = h.get('x-forwarded-proto') ?? t.url.protocol.replace(':', '');
  const host = h.get('x-forwarded-host') ?? h.get('host') ?? t.url.host;
  const path = t.url.pathname;
  const base = path.slice(0, path.indexOf('/upload/resumable'));
  return `${proto}://${host}${base}/upload/resumable${t.caller ? '' : '/sign'}/${encodedId}`;
}
