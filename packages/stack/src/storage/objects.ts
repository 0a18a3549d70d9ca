/**
 * @module storage/objects — object routes that change rows without an upload body: remove (bulk and
 * single), move and copy. Each runs as the caller, so delete/update/insert policies decide; bytes are
 * removed or copied only around a successful transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Caller } from './auth.ts';
import type { Tx } from './db.ts';
import { asAdmin, becomeCaller } from './db.ts';
import type { StorageDeps } from './deps.ts';
import { errors } from './errors.ts';
import { json, readJson } from './http.ts';
import { mustBeValidKey, validateMimeType } from './keys.ts';
import { renderObject } from './render.ts';
import {
  type BucketRow,
  findBucket,
  findObject,
  findObjectOrNull,
  type ObjectMetadata,
  type ObjectRow,
  ownerColumns,
} from './rows.ts';
import { insertObjectRow } from './write.ts';

const RETURNING = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata,
  created_at, updated_at, last_accessed_at`;

export async function removeObjects(deps: StorageDeps, caller: Caller, bucketId: string, request: Request) {
  const body = await readJson(request);
  const prefixes = body.prefixes;
  if (prefixes === undefined) throw errors.validation("body must have required property 'prefixes'");
  if (!Array.isArray(prefixes) || prefixes.some((p) => typeof p !== 'string')) {
    throw errors.validation('body/prefixes must be array');
  }
  if (prefixes.length < 1) throw errors.validation('body/prefixes must NOT have fewer than 1 items');
  if (prefixes.length > 1000) {
    throw errors.invalidRequest('Bulk object requests are limited to 1000 objects per request.');
  }
  const rows = await deps.db.asCaller(caller, (tx) =>
    tx.unsafe<ObjectRow[]>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${RETURNING}`,
      [bucketId, prefixes as string[]],
    ),
  );
  for (const row of rows) await deps.files.remove(row.version);
  return json(rows.map(renderObject));
}

export async function removeObject(deps: StorageDeps, caller: Caller, bucketId: string, name: string) {
  mustBeValidKey(name);
  const version = await deps.db.asCaller(caller, async (tx) => {
    await asAdmin(tx);
    await findObject(tx, bucketId, name);
    await becomeCaller(tx, caller);
    const [row] = await tx<{ version: string }[]>`
      delete from storage.objects where bucket_id = ${bucketId} and name = ${name} returning version`;
    if (!row) throw errors.accessDenied('Access denied');
    return row.version;
  });
  await deps.files.remove(version);
  return json({ message: 'Successfully deleted' });
}

interface Transfer {
  bucketId: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
}

async function readTransfer(request: Request): Promise<Transfer & { body: Record<string, unknown> }> {
  const body = await readJson(request);
  for (const field of ['bucketId', 'sourceKey', 'destinationKey']) {
    if (typeof body[field] !== 'string')
      throw errors.validation(`body must have required property '${field}'`);
  }
  const bucketId = body.bucketId as string;
  const destinationBucket =
    typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId;
  const transfer = {
    bucketId,
    sourceKey: body.sourceKey as string,
    destinationBucket,
    destinationKey: body.destinationKey as string,
  };
  mustBeValidKey(transfer.sourceKey);
  mustBeValidKey(transfer.destinationKey);
  return { ...transfer, body };
}

/**
 * Renames a row as the caller (who must see the source and may update it into its new place; the
 * mover becomes the owner, as in storage-api). The bytes stay where they are: files follow versions.
 */
/**
 * Copy and move put an object into the destination bucket as an upload would: within its size limit and
 * its allowed MIME types. Otherwise `text/html` uploaded where anything goes could be copied into a public
 * bucket that only takes images, and be served from the API's origin.
 */
async function checkDestination(
  deps: StorageDeps,
  tx: Tx,
  caller: Caller,
  bucketId: string,
  metadata: Partial<ObjectMetadata> | null,
): Promise<void> {
  await asAdmin(tx);
  // A missing bucket is left to the insert, which answers as before.
  const bucket: BucketRow | null = await findBucket(tx, bucketId).catch(() => null);
  await becomeCaller(tx, caller);
  if (!bucket) return;
  // The type first, as uploads check it before reading the body.
  if (bucket.allowed_mime_types?.length) {
    validateMimeType(metadata?.mimetype || 'application/octet-stream', bucket.allowed_mime_types);
  }
  const maxSize = Math.min(deps.fileSizeLimit, bucket.file_size_limit ?? Number.POSITIVE_INFINITY);
  if ((metadata?.size ?? 0) > maxSize) throw errors.entityTooLarge();
}

export async function moveObject(deps: StorageDeps, caller: Caller, request: Request) {
  const t = await readTransfer(request);
  const { owner, owner_id } = ownerColumns(caller.owner);
  const moved = await deps.db.asCaller(caller, async (tx) => {
    const source = await findObject(tx, t.bucketId, t.sourceKey);
    await checkDestination(deps, tx, caller, t.destinationBucket, source.metadata);
    const [row] = await tx<{ id: string }[]>`
      update storage.objects set bucket_id = ${t.destinationBucket}, name = ${t.destinationKey},
        owner = ${owner}, owner_id = ${owner_id}
      where bucket_id = ${t.bucketId} and name = ${t.sourceKey} returning id`;
    if (!row) throw errors.noSuchKey();
    return row;
  });
  return json({ message: 'Successfully moved', Id: moved.id, Key: t.destinationKey });
}

/** The `x-metadata` header (base64 JSON) that replaces user metadata when a copy does not keep it. */
function headerMetadata(request: Request): Record<string, unknown> | null {
  const header = request.headers.get('x-metadata');
  if (!header) return null;
  try {
    const value = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
    return value && typeof value === 'object' ? value : null;
  } catch {
    return null;
  }
}

/** Copies a row the caller can read into a new row (and new bytes) the caller may insert. */
export async function copyObject(deps: StorageDeps, caller: Caller, request: Request) {
  const t = await readTransfer(request);
  const upsert = request.headers.get('x-upsert') === 'true';
  const copyMetadata = t.body.copyMetadata !== false;
  const version = randomUUID();
  let previous: string | undefined;
  const created = await deps.db
    .asCaller(caller, async (tx) => {
      const source = await findObject(tx, t.bucketId, t.sourceKey);
      if (!source.version || (await deps.files.size(source.version)) === null) throw errors.noSuchKey();
      await asAdmin(tx);
      previous = (await findObjectOrNull(tx, t.destinationBucket, t.destinationKey))?.version;
      await becomeCaller(tx, caller);
      const given = (t.body.metadata ?? {}) as { cacheControl?: string; mimetype?: string };
      const metadata = {
        ...source.metadata,
        ...(!copyMetadata && given.cacheControl ? { cacheControl: given.cacheControl } : {}),
        ...(!copyMetadata && given.mimetype ? { mimetype: given.mimetype } : {}),
        lastModified: new Date().toISOString(),
      };
      await checkDestination(deps, tx, caller, t.destinationBucket, metadata);
      await insertObjectRow(
        tx,
        {
          id: randomUUID(),
          bucketId: t.destinationBucket,
          name: t.destinationKey,
          owner: caller.owner,
          version,
          metadata,
          userMetadata: copyMetadata ? source.user_metadata : headerMetadata(request),
        },
        upsert,
      );
      await asAdmin(tx);
      const row = await findObject(tx, t.destinationBucket, t.destinationKey);
      await deps.files.copy(source.version, version);
      return row;
    })
    .catch(async (error) => {
      await deps.files.remove(version);
      throw error;
    });
  if (previous && previous !== version) await deps.files.remove(previous);
  return json({
    Id: created.id,
    Key: `${t.destinationBucket}/${t.destinationKey}`,
    ...renderObject(created),
  });
}
