/**
 * @module storage/resumable/terminate — `DELETE /upload/resumable/<id>`: the termination extension. Only
 * a caller who may write the object can drop its unfinished upload; a finished one is not terminated.
 */
import { mayUpload, type TusRequest } from './context.ts';
import { tusErrors, tusResponse } from './protocol.ts';
import { decodeUploadId } from './upload-id.ts';

export async function terminate(t: TusRequest, encoded: string): Promise<Response> {
  if (!encoded) throw tusErrors.fileNotFound();
  const id = decodeUploadId(encoded);
  const stored = await t.deps.partials.get(id);
  await mayUpload(t, id, stored.metadata, stored.size);
  await t.deps.locks.run(id.version, async () => {
    const partial = await t.deps.partials.get(id);
    if (partial.offset === partial.size) throw tusErrors.invalidTermination();
    await t.deps.partials.remove(id.version);
  });
  return tusResponse(204, t.headers);
}
