/**
 * @module storage/resumable/create — `POST /upload/resumable`: the creation extension (with upload and
 * deferred length). Checked in storage-api's order before anything is stored: length headers, metadata
 * naming the target, the bucket and its size limit, the caller's right to write, the MIME allow-list.
 */
import { randomUUID } from 'node:crypto';
import { validateMimeType } from '../keys.ts';
import { bodyLimit, bucketLimit, mayUpload, type TusRequest, uploadUrl } from './context.ts';
import { finish } from './finish.ts';
import { parseMetadata, type UploadMetadata } from './metadata.ts';
import { expiresAt } from './partials.ts';
import { isOffsetStream, tusErrors, tusResponse } from './protocol.ts';
import { encodeUploadId, uploadId } from './upload-id.ts';

/** storage-api stores cacheControl as `max-age=<n>` when the client gave seconds, else `no-cache`. */
const cacheControlOf = (value: string | null | undefined) =>
  /^-?\d+$/.test(value ?? '') ? `max-age=${value}` : 'no-cache';

export async function create(t: TusRequest): Promise<Response> {
  const h = t.request.headers;
  if (h.get('upload-concat')) throw tusErrors.noConcatenation();
  const length = h.get('upload-length');
  if ((length === null) === (h.get('upload-defer-length') === null)) throw tusErrors.invalidLength();
  const metadata = parseMetadata(h.get('upload-metadata'));
  if (!metadata) throw tusErrors.metadataRequired();
  const id = uploadId(metadata.bucketName ?? '', metadata.objectName ?? '', randomUUID());
  const { bucket, max } = await bucketLimit(t.deps, id.bucket);
  const size = length === null ? undefined : Number(length);
  if (size !== undefined && size > max) throw tusErrors.maxSizeExceeded();
  await mayUpload(t, id, metadata, size);
  const stored: UploadMetadata = { ...metadata, cacheControl: cacheControlOf(metadata.cacheControl) };
  // storage-api checks only a declared contentType; the stack also checks the default it will record.
  if (bucket.allowed_mime_types?.length) {
    validateMimeType(stored.contentType || 'application/octet-stream', bucket.allowed_mime_types);
  }
  await t.deps.partials.sweep();

  const encoded = encodeUploadId(id);
  const info = { ...id, metadata: stored, created: new Date().toISOString(), size };
  const done = await t.deps.locks.run(id.version, async () => {
    let partial = await t.deps.partials.create(info);
    if (isOffsetStream(h.get('content-type'))) {
      const offset = await t.deps.partials.append(
        partial,
        t.request.body,
        bodyLimit(t.request, partial, max),
      );
      partial = { ...partial, offset };
      t.headers.set('Upload-Offset', String(offset));
    }
    if (partial.offset !== size) return false;
    await finish(t, partial);
    t.headers.set('Tus-Complete', '1');
    return true;
  });
  if (!done) t.headers.set('Upload-Expires', expiresAt(info).toUTCString());
  t.headers.set('Location', uploadUrl(t, encoded));
  return tusResponse(201, t.headers);
}
