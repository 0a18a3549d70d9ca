/**
 * @module storage/render — rows as storage-api serialises them. Its response schemas (fastify's
 * fast-json-stringify) drop unknown columns and write a null in a string-typed field as `""`, so an
 * unowned bucket answers `owner: ""`.
 */
import type { BucketRow, ObjectRow } from './rows.ts';

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** A bucket as `GET /bucket/:id` sends it: storage-api selects no `type` (nor `owner_id`) there. */
export function renderBucket(row: BucketRow) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    public: row.public,
    file_size_limit: row.file_size_limit,
    allowed_mime_types: row.allowed_mime_types,
    created_at: iso(row.created_at) ?? '',
    updated_at: iso(row.updated_at) ?? '',
  };
}

/** A bucket in `GET /bucket`: storage-api's list selects `type` as well (STANDARD or ANALYTICS). */
export function renderListedBucket(row: BucketRow) {
  return { ...renderBucket(row), type: row.type };
}

export function renderObject(row: ObjectRow) {
  return {
    name: row.name,
    bucket_id: row.bucket_id,
    owner: row.owner ?? '',
    owner_id: row.owner_id ?? '',
    version: row.version ?? '',
    id: row.id,
    updated_at: iso(row.updated_at),
    created_at: iso(row.created_at),
    last_accessed_at: iso(row.last_accessed_at),
    metadata: row.metadata,
    user_metadata: row.user_metadata,
  };
}
