/**
 * @module storage/buckets — `/bucket` routes: list, get, create, update, delete, empty. Every query
 * runs as the caller, so policies on storage.buckets decide (service_role bypasses RLS).
 */
import type { Caller } from './auth.ts';
import { asAdmin, becomeCaller } from './db.ts';
import type { StorageDeps } from './deps.ts';
import { errors } from './errors.ts';
import { json, readJson } from './http.ts';
import { mustBeValidBucketName, parseFileSizeLimit, validateAllowedMimeTypes } from './keys.ts';
import { renderBucket, renderListedBucket } from './render.ts';
import { type BucketRow, findBucket, ownerColumns } from './rows.ts';

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at']);

const COLUMNS = `id, name, owner, owner_id, public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, type::text as type, created_at, updated_at`;

/** `major.minor.patch` after `pattern` in `header`, compared with `min`; false when absent. */
function versionBefore(header: string | null, pattern: RegExp, min: [number, number, number]): boolean {
  const found = header?.match(pattern);
  if (!found) return false;
  const version = found.slice(1, 4).map(Number);
  for (const [i, part] of min.entries()) if (version[i] !== part) return (version[i] ?? 0) < part;
  return false;
}

/**
 * storage-api leaves `type` out of the list for Python clients that choke on it: supabase-py before
 * 2.18.0 (`x-client-info`) and storage3 before 0.12.1 (`user-agent`).
 */
function clientRejectsType(request: Request): boolean {
  return (
    versionBefore(request.headers.get('x-client-info'), /supabase-py\/(\d+)\.(\d+)\.(\d+)/i, [2, 18, 0]) ||
    versionBefore(
      request.headers.get('user-agent'),
      /supabase-py\/storage3 v(\d+)\.(\d+)\.(\d+)/i,
      [0, 12, 1],
    )
  );
}

export async function listBuckets(
  deps: StorageDeps,
  caller: Caller,
  url: URL,
  request: Request,
): Promise<Response> {
  const q = url.searchParams;
  const limit = q.get('limit') === null ? null : Number(q.get('limit'));
  const offset = q.get('offset') === null ? null : Number(q.get('offset'));
  if (limit !== null && (!Number.isInteger(limit) || limit < 1)) {
    throw errors.validation('querystring/limit must be >= 1');
  }
  if (offset !== null && (!Number.isInteger(offset) || offset < 0)) {
    throw errors.validation('querystring/offset must be >= 0');
  }
  const column = q.get('sortColumn') ?? 'name';
  if (!SORT_COLUMNS.has(column))
    throw errors.validation('querystring/sortColumn must be equal to one of the allowed values');
  const order = q.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  const search = q.get('search');
  const rows = await deps.db.asCaller(caller, (tx) =>
    tx.unsafe<BucketRow[]>(
      `select ${COLUMNS} from storage.buckets
       where ($1::text is null or name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')
       order by "${column}" ${order} limit $2 offset $3`,
      [search || null, limit, offset ?? 0],
    ),
  );
  return json(rows.map(clientRejectsType(request) ? renderBucket : renderListedBucket));
}

export async function getBucket(deps: StorageDeps, caller: Caller, id: string): Promise<Response> {
  const row = await deps.db.asCaller(caller, (tx) => findBucket(tx, id));
  return json(renderBucket(row));
}

/** A bucket may not allow more than config.toml's global limit (storage-api: EntityTooLarge). */
function withinGlobalLimit<T extends number | null | undefined>(deps: StorageDeps, limit: T): T {
  if (typeof limit === 'number' && limit > deps.fileSizeLimit) throw errors.entityTooLarge();
  return limit;
}

function mimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined || value === null) return value;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw errors.validation('body/allowed_mime_types must be array');
  }
  const list = (value as string[]).filter(Boolean);
  validateAllowedMimeTypes(list);
  return list;
}

export async function createBucket(deps: StorageDeps, caller: Caller, request: Request): Promise<Response> {
  const body = await readJson(request);
  if (body.name === undefined) throw errors.validation("body must have required property 'name'");
  const name = body.name;
  const id = (typeof body.id === 'string' && body.id) || name;
  mustBeValidBucketName(id);
  mustBeValidBucketName(name);
  if (name.trim() !== name) throw errors.invalidBucketName();
  const fileSizeLimit = withinGlobalLimit(deps, parseFileSizeLimit(body.file_size_limit)) ?? null;
  const allowed = mimeTypes(body.allowed_mime_types) ?? null;
  const isPublic = body.public === undefined ? false : body.public === true;
  const { owner, owner_id } = ownerColumns(caller.owner);
  await deps.db.asCaller(caller, async (tx) => {
    try {
      await tx`
        insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
        values (${id}, ${name}, ${owner}, ${owner_id}, ${isPublic}, ${fileSizeLimit}, ${allowed})`;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw errors.bucketAlreadyExists();
      throw error;
    }
  });
  return json({ name });
}

export async function updateBucket(
  deps: StorageDeps,
  caller: Caller,
  id: string,
  request: Request,
): Promise<Response> {
  const body = await readJson(request);
  if (
    body.public === undefined &&
    body.file_size_limit === undefined &&
    body.allowed_mime_types === undefined
  ) {
    throw errors.validation("body must have required property 'public'");
  }
  const fileSizeLimit = withinGlobalLimit(deps, parseFileSizeLimit(body.file_size_limit));
  const allowed = mimeTypes(body.allowed_mime_types);
  const isPublic = typeof body.public === 'boolean' ? body.public : null;
  const updated = await deps.db.asCaller(
    caller,
    (tx) => tx`
    update storage.buckets set
      public = coalesce(${isPublic}::boolean, public),
      file_size_limit = case when ${fileSizeLimit !== undefined} then ${fileSizeLimit ?? null}::bigint else file_size_limit end,
      allowed_mime_types = case when ${allowed !== undefined} then ${allowed ?? null}::text[] else allowed_mime_types end,
      updated_at = now()
    where id = ${id}`,
  );
  if (!updated.count) throw errors.noSuchBucket();
  return json({ message: 'Successfully updated' });
}

export async function deleteBucket(deps: StorageDeps, caller: Caller, id: string): Promise<Response> {
  await deps.db.asCaller(caller, async (tx) => {
    await asAdmin(tx);
    await tx`select id from storage.buckets where id = ${id} for update`.then((rows) => {
      if (!rows.length) throw errors.noSuchBucket();
    });
    const [used] = await tx`select 1 from storage.objects where bucket_id = ${id} limit 1`;
    if (used) throw errors.bucketNotEmpty();
    await becomeCaller(tx, caller);
    const deleted = await tx`delete from storage.buckets where id = ${id}`;
    if (!deleted.count) throw errors.noSuchBucket();
  });
  return json({ message: 'Successfully deleted' });
}

/** Deletes every object the caller may delete (storage-api queues this; here it is immediate). */
export async function emptyBucket(deps: StorageDeps, caller: Caller, id: string): Promise<Response> {
  const versions = await deps.db.asCaller(caller, async (tx) => {
    await findBucket(tx, id);
    const rows = await tx<{ version: string }[]>`
      delete from storage.objects where bucket_id = ${id} returning version`;
    return rows.map((r) => r.version);
  });
  for (const version of versions) await deps.files.remove(version);
  return json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}
