/**
 * @module storage/signed — making signed URLs: for downloads (single, with optional image
 * transformations, and batch) once the caller is shown to be able to read the object, and for uploads
 * once the caller is shown to be able to insert it (checked by inserting and rolling back).
 */
import { randomUUID } from 'node:crypto';
import type { Caller } from './auth.ts';
import type { StorageDeps } from './deps.ts';
import { errors } from './errors.ts';
import { json, readJson } from './http.ts';
import { mustBeValidKey } from './keys.ts';
import { findAsCaller } from './read.ts';
import { findBucket } from './rows.ts';
import { mustBeValidExpiry, signUrlToken, UPLOAD_URL_TTL } from './sign.ts';
import { parseTransform, transformationList } from './transform.ts';
import { insertObjectRow } from './write.ts';

export async function signDownload(
  deps: StorageDeps,
  caller: Caller,
  bucketId: string,
  name: string,
  request: Request,
) {
  const body = await readJson(request);
  const expiresIn = mustBeValidExpiry(body.expiresIn);
  const transform =
    body.transform && typeof body.transform === 'object'
      ? parseTransform(body.transform as Record<string, unknown>, 'body/transform')
      : {};
  await findAsCaller(deps, caller, bucketId, name);
  const url = `${bucketId}/${name}`;
  const transformations = transformationList(transform).join(',');
  const claims: Record<string, unknown> = { url, scope: 'download' };
  if (transformations) claims.transformations = transformations;
  if (transform.format) claims.format = transform.format;
  const token = signUrlToken(deps, claims, expiresIn);
  const path = transformations ? 'render/image' : 'object';
  return json({ signedURL: `/${path}/sign/${url}?token=${token}` });
}

export async function signDownloads(deps: StorageDeps, caller: Caller, bucketId: string, request: Request) {
  const body = await readJson(request);
  const expiresIn = mustBeValidExpiry(body.expiresIn);
  const paths = body.paths;
  if (paths === undefined) throw errors.validation("body must have required property 'paths'");
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) {
    throw errors.validation('body/paths must be array');
  }
  if (paths.length < 1) throw errors.validation('body/paths must NOT have fewer than 1 items');
  const visible = await deps.db.asCaller(
    caller,
    (tx) =>
      tx<{ name: string }[]>`
      select name from storage.objects where bucket_id = ${bucketId} and name = any(${paths as string[]}::text[])`,
  );
  const names = new Set(visible.map((r) => r.name));
  return json(
    (paths as string[]).map((path) => {
      if (!names.has(path)) {
        return {
          error: 'Either the object does not exist or you do not have access to it',
          path,
          signedURL: null,
        };
      }
      const url = `${bucketId}/${path}`;
      const token = signUrlToken(deps, { url, scope: 'download' }, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
}

export async function signUpload(
  deps: StorageDeps,
  caller: Caller,
  bucketId: string,
  name: string,
  request: Request,
) {
  mustBeValidKey(name);
  const upsert = request.headers.get('x-upsert') === 'true';
  await deps.db.asAdmin((tx) => findBucket(tx, bucketId));
  await deps.db.testPermission(caller, (tx) =>
    insertObjectRow(
      tx,
      {
        id: randomUUID(),
        bucketId,
        name,
        owner: caller.owner,
        version: randomUUID(),
        metadata: { mimetype: request.headers.get('content-type') ?? undefined },
        userMetadata: null,
      },
      upsert,
    ),
  );
  const url = `${bucketId}/${name}`;
  const token = signUrlToken(deps, { owner: caller.owner, url, upsert, scope: 'upload' }, UPLOAD_URL_TTL);
  return json({ url: `/object/upload/sign/${url}?token=${token}`, token });
}
