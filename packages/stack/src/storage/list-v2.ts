/**
 * @module storage/list-v2 — `/object/list-v2`, as storage-api lists: flat (every key under the prefix)
 * or `/`-delimited (one level: objects plus one entry per sub-folder), sorted by `sortBy` (name,
 * created_at or updated_at; asc or desc) and paged by keyset with its base64 cursor (`list-cursor.ts`).
 * A delimited listing by time sorts folders among objects by their oldest object's `created_at`, as
 * storage-api's `search_by_timestamp` does. Timestamps compare at millisecond precision — the
 * precision the cursor carries — so a page never repeats the last row of the one before.
 */
import type { Caller } from './auth.ts';
import type { Tx } from './db.ts';
import type { StorageDeps } from './deps.ts';
import { errors } from './errors.ts';
import { json, readJson } from './http.ts';
import { iso, type Listed, render } from './list.ts';
import { type Cursor, decodeCursor, encodeCursor, type SortColumn, type SortOrder } from './list-cursor.ts';

interface Query {
  bucketId: string;
  prefix: string;
  /** LIKE pattern for "starts with prefix". */
  pattern: string;
  /** Rows to fetch: one more than the page, to know whether another follows. */
  take: number;
  column: SortColumn;
  order: SortOrder;
  cursor: Cursor;
}

const COLUMNS = new Set<string>(['name', 'created_at', 'updated_at']);
const ORDERS = new Set<string>(['asc', 'desc']);
const SELECT = 'select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects';

/** `(ms(column), name) <op> (cursor value, cursor name)`, with `$n` numbering after `offset` params. */
function timeSeek(q: Query, offset: number, expression = `"${q.column}"`): string {
  const op = q.order === 'asc' ? '>' : '<';
  return `(date_trunc('milliseconds', ${expression}), name collate "C") ${op}
    (coalesce(nullif($${offset + 2}, '')::timestamptz, 'epoch'::timestamptz), $${offset + 1}::text collate "C")`;
}

function timeOrder(q: Query, expression = `"${q.column}"`): string {
  return `coalesce(date_trunc('milliseconds', ${expression}), 'epoch'::timestamptz) ${q.order}, name collate "C" ${q.order}`;
}

/** Every key under the prefix. */
function flat(tx: Tx, q: Query): Promise<Listed[]> {
  const params: unknown[] = [q.bucketId, q.pattern, q.take];
  let seek = '';
  if (q.cursor.after && q.column === 'name') {
    params.push(q.cursor.after);
    seek = `and name collate "C" ${q.order === 'asc' ? '>' : '<'} $4`;
  } else if (q.cursor.after) {
    params.push(q.cursor.after, q.cursor.columnAfter ?? '');
    seek = `and ${timeSeek(q, 3)}`;
  }
  const order = q.column === 'name' ? `name collate "C" ${q.order}` : timeOrder(q);
  return tx.unsafe<Listed[]>(
    `${SELECT} where bucket_id = $1 and name like $2 ${seek} order by ${order} limit $3`,
    params as never[],
  );
}

const BATCH = 1000;

/**
 * One level by name: walks the keys in order and, on meeting a key in a sub-folder, emits the folder
 * (`prefix/sub/`) and seeks past everything under it.
 */
async function delimitedByName(tx: Tx, q: Query): Promise<Listed[]> {
  const out: Listed[] = [];
  const asc = q.order === 'asc';
  let after = q.cursor.after;
  for (;;) {
    // Ascending, a folder key (ending in '/') sorts before its contents: skip past them all. Descending,
    // its contents sort after it, so "before the folder key" already leaves them out.
    const from = asc && after.endsWith('/') ? `${after}\u{10FFFF}` : after;
    const seek = asc ? `name collate "C" > $3` : `($3 = '' or name collate "C" < $3)`;
    const rows = await tx.unsafe<Listed[]>(
      `${SELECT} where bucket_id = $1 and name like $2 and ${seek}
       order by name collate "C" ${q.order} limit ${BATCH}`,
      [q.bucketId, q.pattern, from],
    );
    let jumped = false;
    for (const row of rows) {
      if (out.length >= q.take) return out;
      const slash = row.name.indexOf('/', q.prefix.length);
      if (slash >= 0) {
        const name = row.name.slice(0, slash + 1);
        out.push({
          name,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
        after = name;
        jumped = true;
        break;
      }
      out.push(row);
      after = row.name;
    }
    if (!jumped && rows.length < BATCH) return out;
  }
}

/**
 * One level by time: objects directly under the prefix and one row per sub-folder (named without its
 * trailing '/', dated by its oldest object's created_at), merged and sorted in SQL.
 */
function delimitedByTime(tx: Tx, q: Query): Promise<Listed[]> {
  const params: unknown[] = [q.bucketId, q.pattern, q.take, q.prefix];
  let seek = '';
  if (q.cursor.after) {
    params.push(q.cursor.after, q.cursor.columnAfter ?? '');
    seek = `where ${timeSeek(q, 4)}`;
  }
  return tx.unsafe<Listed[]>(
    `with raw as (
       select name, id, updated_at, created_at, last_accessed_at, metadata,
              nullif(strpos(substr(name, length($4) + 1), '/'), 0) as slash
       from storage.objects where bucket_id = $1 and name like $2
     ), combined as (
       select left(name, length($4) + slash - 1) as name, null::uuid as id,
              min(created_at) as updated_at, min(created_at) as created_at,
              null::timestamptz as last_accessed_at, null::jsonb as metadata
       from raw where slash is not null group by 1
       union all
       select name, id, updated_at, created_at, last_accessed_at, metadata from raw where slash is null
     )
     select * from combined ${seek} order by ${timeOrder(q)} limit $3`,
    params as never[],
  );
}

/** Reads and validates the body as storage-api's schema does. */
function parseBody(body: Record<string, unknown>) {
  const limit = body.limit === undefined ? 1000 : Number(body.limit);
  if (!Number.isInteger(limit) || limit < 1) throw errors.validation('body/limit must be >= 1');
  const sortBy = body.sortBy as { column?: unknown; order?: unknown } | undefined;
  if (sortBy !== undefined) {
    if (!sortBy || typeof sortBy !== 'object') throw errors.validation('body/sortBy must be object');
    if (sortBy.column === undefined)
      throw errors.validation("body/sortBy must have required property 'column'");
    if (!COLUMNS.has(sortBy.column as string)) {
      throw errors.validation('body/sortBy/column must be equal to one of the allowed values');
    }
    if (sortBy.order !== undefined && !ORDERS.has(sortBy.order as string)) {
      throw errors.validation('body/sortBy/order must be equal to one of the allowed values');
    }
  }
  return {
    max: Math.min(limit, 1000),
    prefix: typeof body.prefix === 'string' ? body.prefix : '',
    delimited: body.with_delimiter === true,
    cursor: typeof body.cursor === 'string' && body.cursor ? decodeCursor(body.cursor) : { after: '' },
    sortBy: sortBy as { column: SortColumn; order?: SortOrder } | undefined,
  };
}

export async function listV2(deps: StorageDeps, caller: Caller, bucketId: string, request: Request) {
  const { max, prefix, delimited, cursor, sortBy } = parseBody(await readJson(request));
  // A cursor carries the sort of the listing it continues (storage-api prefers it over the body's).
  const column = (COLUMNS.has(cursor.column ?? '') ? cursor.column : sortBy?.column) ?? 'name';
  const order = (cursor.order ?? sortBy?.order) === 'desc' ? 'desc' : 'asc';
  const q: Query = {
    bucketId,
    prefix,
    pattern: `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    take: max + 1,
    column: column as SortColumn,
    order,
    cursor,
  };
  const list = !delimited ? flat : q.column === 'name' ? delimitedByName : delimitedByTime;
  const rows = await deps.db.asCaller(caller, (tx) => list(tx, q));
  const hasNext = rows.length > max;
  const page = rows.slice(0, max);
  const last = page.at(-1);
  let nextCursor: string | undefined;
  if (hasNext && last) {
    const value = q.column === 'name' ? undefined : iso(last[q.column]);
    nextCursor = encodeCursor({
      after: last.name,
      order,
      ...(q.column === 'name' ? {} : { column: q.column, columnAfter: value ?? '' }),
    });
  }
  // storage-api's key: the path segment at the prefix's depth (`split_part(name, '/', levels)`).
  const level = prefix ? prefix.split('/').length - 1 : 0;
  const key = (name: string) => name.split('/')[level] ?? '';
  const folders = page
    .filter((r) => r.id === null)
    .map((r) => {
      const name = r.name.endsWith('/') ? r.name : `${r.name}/`;
      return { key: key(name), ...render(r), name };
    });
  const objects = page
    .filter((r) => r.id !== null)
    .map((r) => (delimited ? { key: key(r.name), ...render(r) } : render(r)));
  return json({ hasNext, folders, objects, ...(nextCursor ? { nextCursor } : {}) });
}
