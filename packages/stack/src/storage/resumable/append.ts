/**
 * @module storage/resumable/append — `PATCH /upload/resumable/<id>`: bytes at the upload's offset. The
 * caller's right to write is checked again (with this request's `x-upsert`), the offset must be the
 * server's (409 otherwise), and the byte that completes the upload turns it into the object.
 */
import { bodyLimit, bucketLimit, mayUpload, type TusRequest } from './context.ts';
import { finish } from './finish.ts';
import { expiresAt } from './partials.ts';
import { tusErrors, tusResponse } from './protocol.ts';
import { decodeUploadId } from './upload-id.ts';

export async function append(t: TusRequest, encoded: string): Promise<Response> {
  const h = t.request.headers;
  if (!encoded) throw tusErrors.fileNotFound();
  const offsetHeader = h.get('upload-offset');
  if (offsetHeader === null) throw tusErrors.missingOffset();
  if (h.get('content-type') === null) throw tusErrors.invalidContentType();
  const id = decodeUploadId(encoded);
  const stored = await t.deps.partials.get(id);
  await mayUpload(t, id, stored.metadata, stored.size);
  const { max } = await bucketLimit(t.deps, id.bucket);

  const partial = await t.deps.locks.run(id.version, async () => {
    const partial = await t.deps.partials.get(id);
    if (Date.now() > expiresAt(partial).getTime()) throw tusErrors.gone();
    if (partial.offset !== Number(offsetHeader)) throw tusErrors.invalidOffset();
    // Already the object: nothing more fits (bodyLimit refuses any byte), and it is not made again.
    if (partial.finished) {
      bodyLimit(t.request, partial, max);
      return partial;
    }
    const declared = h.get('upload-length');
    if (declared !== null) {
      // creation-defer-length: the length arrives with a later PATCH, once.
      const length = Number(declared);
      if (partial.size !== undefined || length < partial.offset) throw tusErrors.invalidLength();
      if (length > max) throw tusErrors.maxSizeExceeded();
      partial.size = length;
      await t.deps.partials.declareLength(partial);
    }
    partial.offset = await t.deps.partials.append(
      partial,
      t.request.body,
      bodyLimit(t.request, partial, max),
    );
    if (partial.offset === partial.size) await finish(t, partial);
    return partial;
  });
  t.headers.set('Upload-Offset', String(partial.offset));
  if (partial.offset === partial.size) t.headers.set('Tus-Complete', '1');
  else t.headers.set('Upload-Expires', expiresAt(partial).toUTCString());
  return tusResponse(204, t.headers);
}
