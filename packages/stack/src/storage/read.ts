/**
 * @module storage/read — finding the object a read names and sending its bytes. Three ways in, as
 * storage-api has them: as the caller (RLS decides), public (the bucket must be public), and signed
 * (the token decides); then the same response: headers from the object's metadata, `?download`,
 * conditional requests and single byte ranges.
 */
import { authenticate, type Caller, tryAuthenticate } from './auth.ts';
import { activeContentHeaders, servedContentType } from './content-type.ts';
import type { StorageDeps } from './deps.ts';
import { errors } from './errors.ts';
import { mustBeValidKey } from './keys.ts';
import { findBucket, findObject, findObjectOrNull, type ObjectRow } from './rows.ts';
import { verifyUrlToken } from './sign.ts';

/** The object as the caller sees it; NoSuchBucket when the bucket is missing, else NoSuchKey. */
export async function findAsCaller(
  deps: StorageDeps,
  caller: Caller,
  bucketId: string,
  name: string,
): Promise<ObjectRow> {
  mustBeValidKey(name);
  const row = await deps.db.asCaller(caller, (tx) => findObjectOrNull(tx, bucketId, name));
  if (row) return row;
  await deps.db.asAdmin((tx) => findBucket(tx, bucketId));
  throw errors.noSuchKey();
}

/**
 * A read as storage-api's object and info routes do it: in a public bucket the row is read as admin
 * (no policy needed); in a private one the caller's role must see it. With `tolerateBadJwt` (the
 * `/object/<bucket>/...` routes) a missing or bad token is anon, and a private bucket is NoSuchBucket.
 */
export async function findForRead(
  deps: StorageDeps,
  request: Request,
  bucketId: string,
  name: string,
  tolerateBadJwt: boolean,
): Promise<ObjectRow> {
  const caller = tolerateBadJwt ? tryAuthenticate(deps.jwt, request) : authenticate(deps.jwt, request);
  mustBeValidKey(name);
  const bucket = await deps.db.asAdmin((tx) => findBucket(tx, bucketId));
  if (bucket.public) return deps.db.asAdmin((tx) => findObject(tx, bucketId, name));
  if (!caller) throw errors.noSuchBucket();
  return findAsCaller(deps, caller, bucketId, name);
}

/** The object in a public bucket, with no questions asked about the caller. */
export async function findPublic(deps: StorageDeps, bucketId: string, name: string): Promise<ObjectRow> {
  mustBeValidKey(name);
  return deps.db.asAdmin(async (tx) => {
    const bucket = await findBucket(tx, bucketId);
    if (!bucket.public) throw errors.noSuchBucket();
    return findObject(tx, bucketId, name);
  });
}

/** The object a download token grants, with the token's claims (for its transformations). */
export async function findSigned(
  deps: StorageDeps,
  bucketId: string,
  name: string,
  token: string | null,
): Promise<{ row: ObjectRow; claims: Record<string, unknown> }> {
  const claims = verifyUrlToken(deps, token, `${bucketId}/${name}`, 'download');
  const row = await deps.db.asAdmin((tx) => findObject(tx, bucketId, name));
  return { row, claims };
}

/** `Content-Disposition` for `?download` / `?download=name`, as storage-api writes it. */
export function dispositionHeader(url: URL): string | undefined {
  const download = url.searchParams.get('download');
  if (download === null) return undefined;
  if (download === '') return 'attachment;';
  const name = encodeURIComponent(download);
  return `attachment; filename=${name}; filename*=UTF-8''${name}`;
}

/** Parses a single `bytes=` range against `size`; null for none, 'invalid' when unsatisfiable. */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return 'invalid';
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    start = Math.max(size - suffix, 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * A row whose bytes are not on disk (say, inserted by a seed): storage-api's renderer answer when
 * the backend has no such key.
 */
export function missingBytes(): Response {
  return new Response(
    JSON.stringify({
      error: 'Not found',
      message: 'The resource was not found',
      statusCode: '404',
      code: 'NoSuchKey',
    }),
    {
      status: 400,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    },
  );
}

/** Sends an object's bytes (or only its headers for HEAD) with storage-api's headers. */
export async function sendObject(
  deps: StorageDeps,
  request: Request,
  url: URL,
  row: ObjectRow,
): Promise<Response> {
  const meta = row.metadata ?? {};
  const size = row.version ? await deps.files.size(row.version) : null;
  if (size === null) return missingBytes();
  const path = deps.files.objectPath(row.version);
  const contentType = servedContentType(meta.mimetype);
  const headers = new Headers({
    'accept-ranges': 'bytes',
    'content-type': contentType,
    // The browser must not guess a more active type than the one sent (text/plain sniffed as HTML).
    'x-content-type-options': 'nosniff',
    'x-robots-tag': 'none',
    ...activeContentHeaders(contentType),
  });
  if (meta.eTag) headers.set('etag', meta.eTag);
  const lastModified = new Date(meta.lastModified ?? row.updated_at);
  if (!Number.isNaN(lastModified.getTime())) headers.set('last-modified', lastModified.toUTCString());
  if (meta.cacheControl) headers.set('cache-control', meta.cacheControl);
  const disposition = dispositionHeader(url);
  if (disposition) headers.set('content-disposition', disposition);
  const ifNoneMatch = request.headers.get('if-none-match');
  if (ifNoneMatch && ifNoneMatch === meta.eTag) return new Response(null, { status: 304, headers });
  const range = parseRange(request.headers.get('range'), size);
  if (range === 'invalid') {
    const error = errors.invalidRange().toResponse();
    error.headers.set('content-range', `bytes */${size}`);
    return error;
  }
  const head = request.method === 'HEAD';
  if (range) {
    headers.set('content-range', `bytes ${range.start}-${range.end}/${size}`);
    headers.set('content-length', String(range.end - range.start + 1));
    return new Response(head ? null : deps.files.read(path, range), { status: 206, headers });
  }
  headers.set('content-length', String(size));
  return new Response(head || size === 0 ? null : deps.files.read(path), { status: 200, headers });
}
