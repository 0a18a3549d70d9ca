/**
 * @module storage/rows — the metadata reads shared by handlers: buckets and objects by id/name, and
 * the object metadata document storage-api keeps in `storage.objects.metadata`.
 */

import type { Tx } from './db.ts';
import { errors } from './errors.ts';

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  type: string;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  owner_id: string | null;
  version: string;
  /** Null for rows made outside the API (e.g. a seed inserting into storage.objects). */
  metadata: Partial<ObjectMetadata> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** storage-api records `owner` only when the JWT's sub is a UUID, `owner_id` always. */
export function ownerColumns(owner: string | undefined): { owner: string | null; owner_id: string | null } {
  return { owner: owner && UUID.test(owner) ? owner : null, owner_id: owner ?? null };
}

/** Finds a bucket visible in this transaction's role; throws NoSuchBucket. */
export async function findBucket(tx: Tx, id: string): Promise<BucketRow> {
  const [row] = await tx<BucketRow[]>`
    select id, name, owner, owner_id, public, file_size_limit::float8 as file_size_limit,
           allowed_mime_types, type::text as type, created_at, updated_at
    from storage.buckets where id = ${id}`;
  if (!row) throw errors.noSuchBucket();
  return row;
}

/** Finds an object visible in this transaction's role, or null. */
export async function findObjectOrNull(tx: Tx, bucketId: string, name: string): Promise<ObjectRow | null> {
  const [row] = await tx<ObjectRow[]>`
    select id, bucket_id, name, owner, owner_id, version, metadata, user_metadata,
           created_at, updated_at, last_accessed_at
    from storage.objects where bucket_id = ${bucketId} and name = ${name}`;
  return row ?? null;
}

/** Finds an object visible in this transaction's role; throws NoSuchKey. */
export async function findObject(tx: Tx, bucketId: string, name: string): Promise<ObjectRow> {
  const row = await findObjectOrNull(tx, bucketId, name);
  if (!row) throw errors.noSuchKey();
  return row;
}
