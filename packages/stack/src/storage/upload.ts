/**
 * @module storage/upload — reads an upload body as storage-api accepts it: `multipart/form-data`
 * (streamed by `multipart.ts`: `cacheControl`, optional `metadata`/`contentType` fields, one file part) or a
 * raw body described by `content-type`, `cache-control` and a base64 `x-metadata` header. Checks the
 * MIME allow-list and the size limit, and stages the bytes in a temp file.
 */
import { errors, StorageError } from './errors.ts';
import type { FileStore, StagedFile } from './files.ts';
import { validateMimeType } from './keys.ts';
import { boundaryOf, readForm } from './multipart.ts';

export interface UploadLimits {
  /** Bytes: the smaller of the global limit and the bucket's file_size_limit. */
  maxSize: number;
  allowedMimeTypes: string[] | null;
}

export interface ReadUpload {
  staged: StagedFile;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

function parseJson(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

function checkMime(mimetype: string, limits: UploadLimits): void {
  if (limits.allowedMimeTypes?.length) validateMimeType(mimetype, limits.allowedMimeTypes);
}

export async function readUpload(
  request: Request,
  limits: UploadLimits,
  files: FileStore,
): Promise<ReadUpload> {
  const contentType = request.headers.get('content-type') ?? '';
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (contentType.startsWith('multipart/form-data')) {
    const boundary = boundaryOf(contentType);
    if (!boundary || !request.body) throw errors.noContentProvided();
    const form = await readForm(request.body, boundary);
    if (!form) throw errors.noContentProvided();
    const field = (name: string) => form.fields.get(name) || undefined;
    const mimetype = field('contentType') ?? form.contentType ?? 'application/octet-stream';
    checkMime(mimetype, limits);
    const custom = field('metadata') ?? field('userMetadata');
    const cacheTime = field('cacheControl');
    const staged = await files.stage(form.stream, limits.maxSize);
    return {
      staged,
      mimetype,
      cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache',
      userMetadata: custom ? parseJson(custom) : undefined,
    };
  }
  const mimetype = contentType || 'application/octet-stream';
  checkMime(mimetype, limits);
  const header = request.headers.get('x-metadata');
  let userMetadata: Record<string, unknown> | undefined;
  if (header) {
    userMetadata = parseJson(Buffer.from(header, 'base64').toString('utf8'));
    if (!userMetadata) throw new StorageError('InvalidParameter', 400, 'Invalid Parameter x-metadata');
  }
  if (Number.isFinite(declared) && declared > limits.maxSize) throw errors.entityTooLarge();
  const staged = await files.stage(request.body, limits.maxSize);
  return {
    staged,
    mimetype,
    cacheControl: request.headers.get('cache-control') ?? 'no-cache',
    userMetadata,
  };
}
