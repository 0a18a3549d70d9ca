/**
 * @module storage/write — creating object rows and their bytes together. The bytes are staged first;
 * the row is written as the caller (so insert/update policies decide) in a transaction, the staged file
 * is renamed into place before that transaction commits, and any failure removes the file and rolls
 * the row back. A replaced version's bytes are removed only after the commit.
 */
import { randomUUID } from 'node:crypto';
import type { Caller } from './auth.ts';
import { asAdmin, becomeCaller, type Tx } from './db.ts';
import type { StorageDeps } from './deps.ts';
import { errors } from './errors.ts';
import type { StagedFile } from './files.ts';
import { mustBeValidKey } from './keys.ts';
import { findBucket, type ObjectMetadata, ownerColumns } from './rows.ts';
import { readUpload } from './upload.ts';

export interface UploadTarget {
  /** null: write as supabase_storage_admin (signed upload URLs, which carry their own grant). */
  caller: Caller | null;
  bucketId: string;
  name: string;
  upsert: boolean;
  owner: string | undefined;
}

/** Runs `fn` as the caller when there is one, else as the admin. */
function transaction<T>(deps: StorageDeps, caller: Caller | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return caller ? deps.db.asCaller(caller, fn) : deps.db.asAdmin(fn);
}

/** Inserts (or upserts) an object row in the current role; maps a duplicate to KeyAlreadyExists. */
export async function insertObjectRow(
  tx: Tx,
  row: {
    id: string;
    bucketId: string;
    name: string;
    owner: string | undefined;
    version: string;
    metadata: ObjectMetadata | Record<string, unknown>;
    userMetadata: Record<string, unknown> | null | undefined;
  },
  upsert: boolean,
): Promise<void> {
  const { owner, owner_id } = ownerColumns(row.owner);
  const metadata = tx.json(row.metadata as never);
  const userMetadata = row.userMetadata ? tx.json(row.userMetadata as never) : null;
  try {
    if (upsert) {
      await tx`
        insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
        values (${row.id}, ${row.bucketId}, ${row.name}, ${owner}, ${owner_id}, ${metadata}, ${userMetadata}, ${row.version})
        on conflict (bucket_id, name) do update set metadata = excluded.metadata,
          user_metadata = excluded.user_metadata, version = excluded.version,
          owner = excluded.owner, owner_id = excluded.owner_id`;
    } else {
      await tx`
        insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
        values (${row.id}, ${row.bucketId}, ${row.name}, ${owner}, ${owner_id}, ${metadata}, ${userMetadata}, ${row.version})`;
    }
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw errors.keyAlreadyExists();
    throw error;
  }
}

/** Handles an upload request end to end; returns storage-api's `{Id, Key}`. */
export async function storeUpload(
  deps: StorageDeps,
  request: Request,
  target: UploadTarget,
): Promise<{ Id: string; Key: string }> {
  mustBeValidKey(target.name);
  const bucket = await deps.db.asAdmin((tx) => findBucket(tx, target.bucketId));
  // Dashboards make folders by uploading an empty `.emptyFolderPlaceholder`: any type, zero bytes.
  const placeholder = target.name.endsWith('.emptyFolderPlaceholder');
  const maxSize = placeholder
    ? 0
    : Math.min(deps.fileSizeLimit, bucket.file_size_limit ?? Number.POSITIVE_INFINITY);
  const upload = await readUpload(
    request,
    { maxSize, allowedMimeTypes: placeholder ? null : bucket.allowed_mime_types },
    deps.files,
  );
  try {
    return await saveObject(deps, target, upload.staged, upload);
  } catch (error) {
    await deps.files.discard(upload.staged);
    throw error;
  }
}

export interface ObjectDetails {
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

/**
 * Makes staged bytes the object `target` names, as `version`: the row is written as the target's caller
 * and the bytes renamed into place before it commits. On failure the staged file is the caller's to
 * discard (a resumable upload keeps its bytes for a retry); a replaced version's bytes are removed.
 */
export async function saveObject(
  deps: StorageDeps,
  target: UploadTarget,
  staged: StagedFile,
  details: ObjectDetails,
  version: string = randomUUID(),
): Promise<{ Id: string; Key: string }> {
  const metadata: ObjectMetadata = {
    eTag: staged.eTag,
    size: staged.size,
    mimetype: details.mimetype,
    cacheControl: details.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: staged.size,
    httpStatusCode: 200,
  };
  let previous: string | undefined;
  let id: string;
  try {
    id = await transaction(deps, target.caller, async (tx) => {
      await asAdmin(tx);
      const [existing] = await tx<{ version: string }[]>`
        select version from storage.objects
        where bucket_id = ${target.bucketId} and name = ${target.name} for update`;
      previous = existing?.version;
      if (target.caller) await becomeCaller(tx, target.caller);
      const newId = randomUUID();
      await insertObjectRow(
        tx,
        {
          id: newId,
          bucketId: target.bucketId,
          name: target.name,
          owner: target.owner,
          version,
          metadata,
          userMetadata: details.userMetadata,
        },
        target.upsert,
      );
      await asAdmin(tx);
      const [row] = await tx<{ id: string }[]>`
        select id from storage.objects where bucket_id = ${target.bucketId} and name = ${target.name}`;
      await deps.files.commit(staged, version);
      return row?.id ?? newId;
    });
  } catch (error) {
    await deps.files.remove(version);
    throw error;
  }
  if (previous && previous !== version) await deps.files.remove(previous);
  return { Id: id, Key: `${target.bucketId}/${target.name}` };
}
