/**
 * @module storage/list — listing objects as the caller: v1 (`/object/list`, one folder level through
 * `storage.search`, offset pagination) and v2 (`/object/list-v2`, flat or `/`-delimited, cursor
 * pagination with storage-api's base64 cursor).
 */
import type { Caller } from './auth.ts';
import type { StorageDeps } from './deps.ts';
import { errors, StorageError } from './errors.ts';
import { json, readJson } from './http.ts';

interface Listed {
  name: string;
  id: string | null;
  updated_at: Date | null;
  created_at: Date | null;
  last_accessed_at: Date | null;
  metadata: Record<string, unknown> | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const render = (r: Listed) => ({
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

/** storage-api's v2 cursor: base64 of `l:<last key>` (it may add `o:`/`c:`/`a:` lines for sorting). */
const encodeCursor = (after: string) => Buffer.from(`l:${after}`).toString('base64');

function decodeCursor(token: string): string {
  const first = Buffer.from(token, 'base64').toString().split('\n')[0] ?? '';
  const match = /^l:(.*)$/s.exec(first);
  if (!match) throw new StorageError('InvalidParameter', 400, 'Invalid Parameter continuation token');
  return match[1]!;
}

const BATCH = 1000;

export async function listV2(deps: StorageDeps, caller: Caller, bucketId: string, request: Request) {
  const body = await readJson(request);
  const limit = body.limit === undefined ? 1000 : Number(body.limit);
  if (!Number.isInteger(limit) || limit < 1) throw errors.validation('body/limit must be >= 1');
  const max = Math.min(limit, 1000);
  const prefix = typeof body.prefix === 'string' ? body.prefix : '';
  const delimited = body.with_delimiter === true;
  let after = typeof body.cursor === 'string' && body.cursor ? decodeCursor(body.cursor) : '';
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const folders: Record<string, unknown>[] = [];
  const objects: Record<string, unknown>[] = [];
  let hasNext = false;
  let last = '';
  await deps.db.asCaller(caller, async (tx) => {
    for (;;) {
      // A folder key ends in '/', which no object name does: skip everything under it.
      const from = after.endsWith('/') ? `${after}\u{10FFFF}` : after;
      const rows = await tx<Listed[]>`
        select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
        where bucket_id = ${bucketId} and name like ${pattern} and name collate "C" > ${from}
        order by name collate "C" limit ${BATCH}`;
      let requery = false;
      for (const row of rows) {
        if (folders.length + objects.length >= max) {
          hasNext = true;
          return;
        }
        const rest = row.name.slice(prefix.length);
        const slash = delimited ? rest.indexOf('/') : -1;
        if (slash >= 0) {
          const name = row.name.slice(0, prefix.length + slash + 1);
          folders.push({
            key: rest.slice(0, slash),
            name,
            id: null,
            updated_at: null,
            created_at: null,
            last_accessed_at: null,
            metadata: null,
          });
          last = after = name;
          requery = true;
          break;
        }
        objects.push(delimited ? { key: rest, ...render(row) } : render(row));
        last = after = row.name;
      }
      if (!requery && rows.length < BATCH) return;
    }
  });
  return json({ hasNext, folders, objects, ...(hasNext ? { nextCursor: encodeCursor(last) } : {}) });
}
