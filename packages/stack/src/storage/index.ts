/**
 * @module storage — the Storage service (storage-api's HTTP contract for storage-js) under
 * `/storage/v1`: buckets, objects, signed URLs, image transformations and resumable (TUS) uploads. Metadata lives in the
 * `storage` schema and every read or write of it runs as the caller (see `db.ts`); bytes live on
 * local disk under `<dataDir>/storage` (see `files.ts`).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RequestContext, Service, StackContext } from '../context.ts';
import { StorageDb } from './db.ts';
import { DecodeCache } from './decoded.ts';
import type { StorageDeps } from './deps.ts';
import { StorageError, toErrorResponse } from './errors.ts';
import { FileStore } from './files.ts';
import { PartialStore, UploadLocks } from './resumable/index.ts';
import { dispatch } from './routes.ts';

export function build(stack: StackContext): Service {
  const root = join(stack.dataDir, 'storage');
  // Staged uploads of a process that died mid-upload have no row and never will.
  rmSync(join(root, 'tmp'), { recursive: true, force: true });
  const decoded = new DecodeCache();
  const deps: StorageDeps = {
    db: new StorageDb(stack.connect('supabase_storage_admin')),
    files: new FileStore(root, (version) => decoded.forget(version)),
    decoded,
    jwt: stack.jwt,
    fileSizeLimit: stack.config.storage.fileSizeLimit,
    partials: new PartialStore(root),
    locks: new UploadLocks(),
  };
  // Resumable uploads outlive a restart until they expire; the expired go now (and on each creation).
  void deps.partials.sweep().catch((error) => stack.log('storage', `resumable sweep failed: ${error}`));
  return {
    async fetch(request: Request, ctx: RequestContext): Promise<Response> {
      try {
        const { handler, match } = dispatch(request.method, ctx.path, ctx.url.search);
        return await handler(deps, request, ctx.url, match);
      } catch (error) {
        try {
          return toErrorResponse(error);
        } catch {
          stack.log('storage', `${request.method} ${ctx.path} failed: ${(error as Error).stack ?? error}`);
          return new StorageError('InternalError', 500, 'Internal Server Error', 'Internal').toResponse();
        }
      }
    },
  };
}
