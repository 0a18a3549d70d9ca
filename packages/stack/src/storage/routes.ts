/**
 * @module storage/routes — storage-api's route table: method + path pattern → handler. Static path
 * segments win over bucket names (`/object/public/...` is never a bucket called "public"), as in
 * storage-api's router. `*` captures the rest of the path as the object name.
 */
import { authenticate } from './auth.ts';
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.ts';
import type { StorageDeps } from './deps.ts';
import { errors } from './errors.ts';
import { decodeName, json } from './http.ts';
import { listV1 } from './list.ts';
import { listV2 } from './list-v2.ts';
import { copyObject, moveObject, removeObject, removeObjects } from './objects.ts';
import { findAsCaller, findForRead, findPublic, findSigned, sendObject } from './read.ts';
import { resumable } from './resumable/index.ts';
import { verifyUrlToken } from './sign.ts';
import { signDownload, signDownloads, signUpload } from './signed.ts';
import { parseTransform, parseTransformationList, renderImage } from './transform.ts';
import { storeUpload } from './write.ts';

export interface Match {
  bucket: string;
  name: string;
}

type Handler = (deps: StorageDeps, request: Request, url: URL, m: Match) => Promise<Response>;

interface Route {
  methods: string[];
  pattern: RegExp;
  handler: Handler;
}

const BUCKET = '([^/]+)';
const TUS_METHODS = ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'];
const REST = '(.*)';

function route(methods: string | string[], path: string, handler: Handler): Route {
  const source = path.replace(':bucket', BUCKET).replace('*', REST);
  return {
    methods: Array.isArray(methods) ? methods : [methods],
    pattern: new RegExp(`^${source}$`),
    handler,
  };
}

const me = (deps: StorageDeps, request: Request) => authenticate(deps.jwt, request);

/** The object info body (`/object/info/...`), as storage-api's info renderer writes it. */
function info(row: Awaited<ReturnType<typeof findPublic>>): Response {
  const meta = row.metadata ?? {};
  const response = json({
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    // storage-api renders missing user metadata as an empty object.
    metadata: row.user_metadata ?? {},
    last_modified: new Date(row.updated_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  });
  if (meta.eTag) response.headers.set('etag', meta.eTag);
  if (meta.cacheControl) response.headers.set('cache-control', meta.cacheControl);
  return response;
}

export const ROUTES: Route[] = [
  // Buckets
  route('GET', '/bucket/?', (d, r, u) => listBuckets(d, me(d, r), u, r)),
  route('POST', '/bucket/?', (d, r) => createBucket(d, me(d, r), r)),
  route('POST', '/bucket/:bucket/empty/?', (d, r, _u, m) => emptyBucket(d, me(d, r), m.bucket)),
  route('GET', '/bucket/:bucket/?', (d, r, _u, m) => getBucket(d, me(d, r), m.bucket)),
  route('PUT', '/bucket/:bucket/?', (d, r, _u, m) => updateBucket(d, me(d, r), m.bucket, r)),
  route('DELETE', '/bucket/:bucket/?', (d, r, _u, m) => deleteBucket(d, me(d, r), m.bucket)),
  // Object routes with static segments first
  route('POST', '/object/move', (d, r) => moveObject(d, me(d, r), r)),
  route('POST', '/object/copy', (d, r) => copyObject(d, me(d, r), r)),
  route('POST', '/object/list/:bucket', (d, r, _u, m) => listV1(d, me(d, r), m.bucket, r)),
  route('POST', '/object/list-v2/:bucket', (d, r, _u, m) => listV2(d, me(d, r), m.bucket, r)),
  route('POST', '/object/upload/sign/:bucket/*', (d, r, _u, m) =>
    signUpload(d, me(d, r), m.bucket, m.name, r),
  ),
  route('PUT', '/object/upload/sign/:bucket/*', async (d, r, u, m) => {
    const claims = verifyUrlToken(d, u.searchParams.get('token'), `${m.bucket}/${m.name}`, 'upload');
    const owner = typeof claims.owner === 'string' ? claims.owner : undefined;
    const { Key } = await storeUpload(d, r, {
      caller: null,
      bucketId: m.bucket,
      name: m.name,
      upsert: claims.upsert === true,
      owner,
    });
    return json({ Key });
  }),
  route('POST', '/object/sign/:bucket/*', (d, r, _u, m) =>
    m.name ? signDownload(d, me(d, r), m.bucket, m.name, r) : signDownloads(d, me(d, r), m.bucket, r),
  ),
  route('POST', '/object/sign/:bucket', (d, r, _u, m) => signDownloads(d, me(d, r), m.bucket, r)),
  route(['GET', 'HEAD'], '/object/sign/:bucket/*', async (d, r, u, m) =>
    sendObject(d, r, u, (await findSigned(d, m.bucket, m.name, u.searchParams.get('token'))).row),
  ),
  route(['GET', 'HEAD'], '/object/public/:bucket/*', async (d, r, u, m) =>
    sendObject(d, r, u, await findPublic(d, m.bucket, m.name)),
  ),
  route(['GET', 'HEAD'], '/object/authenticated/:bucket/*', async (d, r, u, m) =>
    sendObject(d, r, u, await findForRead(d, r, m.bucket, m.name, false)),
  ),
  route('GET', '/object/info/public/:bucket/*', async (d, _r, _u, m) =>
    info(await findPublic(d, m.bucket, m.name)),
  ),
  route('GET', '/object/info/authenticated/:bucket/*', async (d, r, _u, m) =>
    info(await findForRead(d, r, m.bucket, m.name, false)),
  ),
  route('GET', '/object/info/:bucket/*', async (d, r, _u, m) =>
    info(await findForRead(d, r, m.bucket, m.name, true)),
  ),
  // Object routes on a bucket
  route('POST', '/object/:bucket/*', (d, r, _u, m) => upload(d, r, m, r.headers.get('x-upsert') === 'true')),
  route('PUT', '/object/:bucket/*', (d, r, _u, m) => upload(d, r, m, true)),
  route('DELETE', '/object/:bucket', (d, r, _u, m) => removeObjects(d, me(d, r), m.bucket, r)),
  route('DELETE', '/object/:bucket/*', (d, r, _u, m) => removeObject(d, me(d, r), m.bucket, m.name)),
  route(['GET', 'HEAD'], '/object/:bucket/*', async (d, r, u, m) =>
    sendObject(d, r, u, await findForRead(d, r, m.bucket, m.name, true)),
  ),
  // Resumable uploads (TUS): the creation URL, then one URL per upload carrying its id; `sign` first
  route(TUS_METHODS, '/upload/resumable/sign/?', (d, r, u) => resumable(d, r, u, '', true)),
  route(TUS_METHODS, '/upload/resumable/sign/:bucket/?', (d, r, u, m) => resumable(d, r, u, m.bucket, true)),
  route(TUS_METHODS, '/upload/resumable/?', (d, r, u) => resumable(d, r, u, '')),
  route(TUS_METHODS, '/upload/resumable/:bucket/?', (d, r, u, m) => resumable(d, r, u, m.bucket)),
  // Image transformations
  route(['GET', 'HEAD'], '/render/image/public/:bucket/*', async (d, r, u, m) => {
    // Parameters are validated before anything is looked up, as storage-api's schema does.
    const options = parseTransform(Object.fromEntries(u.searchParams));
    return renderImage(d, r, u, await findPublic(d, m.bucket, m.name), options);
  }),
  route(['GET', 'HEAD'], '/render/image/authenticated/:bucket/*', async (d, r, u, m) => {
    const options = parseTransform(Object.fromEntries(u.searchParams));
    return renderImage(d, r, u, await findAsCaller(d, me(d, r), m.bucket, m.name), options);
  }),
  route(['GET', 'HEAD'], '/render/image/sign/:bucket/*', async (d, r, u, m) => {
    const { row, claims } = await findSigned(d, m.bucket, m.name, u.searchParams.get('token'));
    const options = parseTransformationList(
      typeof claims.transformations === 'string' ? claims.transformations : '',
    );
    if (claims.format === 'origin') options.format = 'origin';
    return renderImage(d, r, u, row, options);
  }),
];

async function upload(deps: StorageDeps, request: Request, m: Match, upsert: boolean): Promise<Response> {
  const caller = me(deps, request);
  const result = await storeUpload(deps, request, {
    caller,
    bucketId: m.bucket,
    name: m.name,
    upsert,
    owner: caller.owner,
  });
  return json(result);
}

/** Finds the route for a request, or storage-api's 404 for an unknown route. */
export function dispatch(method: string, path: string, search: string): { handler: Handler; match: Match } {
  for (const r of ROUTES) {
    if (!r.methods.includes(method)) continue;
    const found = r.pattern.exec(path);
    if (!found) continue;
    const bucket = decodeName(found[1] ?? '');
    return { handler: r.handler, match: { bucket, name: decodeName(found[2] ?? '') } };
  }
  throw errors.notFound(method, `${path}${search}`);
}
