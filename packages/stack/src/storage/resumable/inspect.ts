/**
 * @module storage/resumable/inspect — the two reads of the protocol: `OPTIONS` (what the server supports,
 * answered without a token) and `HEAD /upload/resumable/<id>` (where a resume must start; a valid token
 * is needed, or on the signed route the signature, but the object's policies are not asked).
 */
import type { StorageDeps } from '../deps.ts';
import { checkSignature, type TusRequest } from './context.ts';
import { stringifyMetadata } from './metadata.ts';
import { expiresAt } from './partials.ts';
import {
  ALLOWED_HEADERS,
  ALLOWED_METHODS,
  TUS_EXTENSIONS,
  TUS_VERSION,
  tusErrors,
  tusResponse,
} from './protocol.ts';
import { decodeUploadId } from './upload-id.ts';

export function options(deps: StorageDeps, headers: Headers): Response {
  headers.set('Tus-Version', TUS_VERSION);
  headers.set('Tus-Extension', TUS_EXTENSIONS);
  headers.set('Tus-Max-Size', String(deps.fileSizeLimit));
  headers.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
  headers.set('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
  headers.set('Access-Control-Max-Age', '86400');
  return tusResponse(204, headers);
}

export async function status(t: TusRequest, encoded: string): Promise<Response> {
  if (!encoded) throw tusErrors.fileNotFound();
  const id = decodeUploadId(encoded);
  if (!t.caller) checkSignature(t, id);
  // Behind the lock: a PATCH still writing (its client just gave up) finishes first.
  const partial = await t.deps.locks.run(id.version, () => t.deps.partials.get(id));
  if (Date.now() > expiresAt(partial).getTime()) throw tusErrors.gone();
  const h = t.headers;
  h.set('Cache-Control', 'no-store');
  h.set('Upload-Offset', String(partial.offset));
  if (partial.size === undefined) h.set('Upload-Defer-Length', '1');
  else h.set('Upload-Length', String(partial.size));
  h.set('Upload-Metadata', stringifyMetadata(partial.metadata));
  return new Response(null, { status: 200, headers: h });
}
