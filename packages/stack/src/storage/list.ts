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

/** storage-api's v2 cursor: base64 of `l:<last key>`, plus `o:`/`c:`/`a:` lines (order, column, value). */
interface Cursor {
  after: string;
  order?: string;
  column?: string;
  columnAfter?: string;
}

const CURSOR_KEYS = { l: 'after', o: 'order', c: 'column', a: 'columnAfter' } as const;

function encodeCursor(cursor: Cursor): string {
  const lines: string[] = [];
  for (const [k, field] of Object.entries(CURSOR_KEYS)) {
    const value = cursor[field];
    if (value) lines.push(`${k}:${value}`);
  }
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(token: string): Cursor {
  const cursor: Cursor = { after: '' };
  for (const line of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)$/s.exec(line);
    const field = match && CURSOR_KEYS[match[1] as keyof typeof CURSOR_KEYS];
    if (!field) throw new StorageError('InvalidParameter', 400, 'Invalid Parameter continuation token');
    cursor[field] = match[2]!;
  }
  return cursor;
}

const SORT_COLUMNS = new Set(['name', 'created_at', 'updated_at']);

/** A flat (undelimited) listing in any of storage-api's sort orders, with keyset pagination. */
async function listFlat(
  deps: StorageDeps,
  caller: Caller,
  bucketId: string,
  pattern: string,
  max: number,
  cursor: Cursor,
) {
  const column = cursor.column ?? 'name';
  const order = cursor.order === 'desc' ? 'desc' : 'asc';
  const op = order === 'asc' ? '>' : '<';
  const params: unknown[] = [bucketId, pattern, max + 1];
  let seek = '';
  if (cursor.after) {
    params.push(cursor.after);
    if (column === 'name') seek = `and name collate "C" ${op} $4`;
    else {
      params.push(cursor.columnAfter ?? null);
      seek = `and ("${column}", name collate "C") ${op} ($5::timestamptz, $4::text collate "C")`;
    }
  }
  const rows = await deps.db.asCaller(caller, (tx) =>
    tx.unsafe<Listed[]>(
      `select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects
       where bucket_id = $1 and name like $2 ${seek}
       order by ${column === 'name' ? '' : `"${column}" ${order}, `}name collate "C" ${order} limit $3`,
      params as never[],
    ),
  );
  const hasNext = rows.length > max;
  const page = rows.slice(0, max);
  const last = page.at(-1);
  const next: Cursor | undefined =
    hasNext && last
      ? {
          after: last.name,
          order,
          ...(column === 'name' ? {} : { column, columnAfter: iso(last[column as 'created_at']) ?? '' }),
        }
      : undefined;
  return json({
    hasNext,
    folders: [],
    objects: page.map(render),
    ...(next ? { nextCursor: encodeCursor(next) } : {}),
  });
}

const BATCH = 1000;

export async function listV2(deps: StorageDeps, caller: Caller, bucketId: string, request: Request) {
  const body = await readJson(request);
  const limit = body.limit === undefined ? 1000 : Number(body.limit);
  if (!Number.isInteger(limit) || limit < 1) throw errors.validation('body/limit must be >= 1');
  const max = Math.min(limit, 1000);
  const prefix = typeof body.prefix === 'string' ? body.prefix : '';
  const delimited = body.with_delimiter === true;
  const cursor = typeof body.cursor === 'string' && body.cursor ? decodeCursor(body.cursor) : { after: '' };
  const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
  if (sortBy.column !== undefined && !SORT_COLUMNS.has(sortBy.column)) {
    throw errors.validation('body/sortBy/column must be equal to one of the allowed values');
  }
  cursor.column ??= sortBy.column;
  cursor.order ??= sortBy.order;
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (!delimited) return listFlat(deps, caller, bucketId, pattern, max, cursor);
  let after = cursor.after;
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
        const slash = rest.indexOf('/');
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
        objects.push({ key: rest, ...render(row) });
        last = after = row.name;
      }
      if (!requery && rows.length < BATCH) return;
    }
  });
  return json({
    hasNext,
    folders,
    objects,
    ...(hasNext ? { nextCursor: encodeCursor({ after: last }) } : {}),
  });
}
