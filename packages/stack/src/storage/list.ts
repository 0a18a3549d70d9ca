/**
 * @module storage/list — listing objects as the caller, v1 (`/object/list`): one folder level through
 * `storage.search`, offset pagination. v2 lives in `list-v2.ts`.
 */
import type { Caller } from './auth.ts';
import type { StorageDeps } from './deps.ts';
import { errors } from './errors.ts';
import { json, readJson } from './http.ts';

/** A row as the list functions return it; folders have a null id. */
export interface Listed {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
}

export const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
export const render = (r: Listed) => ({
  name: r.name,
  id: r.id,
  updated_at: iso(r.updated_at),
  created_at: iso(r.created_at),
  last_accessed_at: iso(r.last_accessed_at),
  metadata: r.metadata,
});

export async function listV1(deps: StorageDeps, caller: Caller, bucketId: string, request: Request) {
  const body = await readJson(request);
  if (typeof body.prefix !== 'string') throw errors.validation("body must have required property 'prefix'");
  let prefix = body.prefix;
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const limit = body.limit === undefined ? 100 : Number(body.limit);
  const offset = body.offset === undefined ? 0 : Number(body.offset);
  if (!Number.isInteger(limit) || limit < 1) throw errors.validation('body/limit must be >= 1');
  if (!Number.isInteger(offset) || offset < 0) throw errors.validation('body/offset must be >= 0');
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
  const search = typeof body.search === 'string' ? body.search : '';
  const rows = await deps.db.asCaller(
    caller,
    (tx) => tx<Listed[]>`
      select * from storage.search(${prefix}, ${bucketId}, ${limit}, 1, ${offset}, ${search},
        ${sortBy.column ?? 'name'}, ${sortBy.order ?? 'asc'})`,
  );
  return json(rows.map(render));
}
