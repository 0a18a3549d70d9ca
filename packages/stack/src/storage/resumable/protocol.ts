/**
 * @module storage/resumable/protocol — TUS 1.0.0 as tus-node-server (inside storage-api) speaks it: the
 * headers it checks, its errors (plain-text bodies with real HTTP statuses, unlike the JSON of the
 * other storage routes) and the headers every answer carries.
 */
import { StorageError } from '../errors.ts';
import { parseMetadata } from './metadata.ts';

export const TUS_VERSION = '1.0.0';
/** What storage-api's stores (S3 hosted, file locally) list; the stack keeps the hosted expiry. */
export const TUS_EXTENSIONS = 'creation,creation-with-upload,creation-defer-length,termination,expiration';
/** storage-api's TUS_URL_EXPIRY_MS default: an unfinished upload lives one hour from its creation. */
export const EXPIRY_MS = 60 * 60 * 1000;

const HEADERS = [
  'Authorization',
  'Content-Type',
  'Location',
  'Tus-Extension',
  'Tus-Max-Size',
  'Tus-Resumable',
  'Tus-Version',
  'Upload-Concat',
  'Upload-Defer-Length',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Offset',
  'X-HTTP-Method-Override',
  'X-Requested-With',
  'X-Forwarded-Host',
  'X-Forwarded-Proto',
  'Forwarded',
];
/** storage-api adds these to tus-node-server's list of headers a browser may send. */
export const ALLOWED_HEADERS = [
  ...HEADERS,
  'Authorization',
  'X-Upsert',
  'Upload-Expires',
  'ApiKey',
  'x-signature',
];
export const ALLOWED_METHODS = 'POST, HEAD, PATCH, OPTIONS, DELETE';

/** A TUS refusal: `status` is sent as the HTTP status and `body` as plain text. */
export class TusError extends Error {
  readonly status: number;
  constructor(status: number, body: string) {
    super(body);
    this.status = status;
  }
}

/** tus-node-server's error table (bodies verbatim, trailing newlines included). */
export const tusErrors = {
  missingOffset: () => new TusError(403, 'Upload-Offset header required\n'),
  invalidContentType: () => new TusError(403, 'Content-Type header required\n'),
  fileNotFound: () => new TusError(404, 'The file for this url was not found\n'),
  invalidOffset: () => new TusError(409, 'Upload-Offset conflict\n'),
  gone: () => new TusError(410, 'The file for this url no longer exists\n'),
  sizeExceeded: () => new TusError(413, "upload's size exceeded\n"),
  maxSizeExceeded: () => new TusError(413, 'Maximum size exceeded\n'),
  invalidLength: () => new TusError(400, 'Upload-Length or Upload-Defer-Length header required\n'),
  invalidTermination: () => new TusError(400, 'Cannot terminate an already completed upload'),
  writeError: () => new TusError(500, 'Something went wrong receiving the file\n'),
  noConcatenation: () =>
    new TusError(
      501,
      'Concatenation extension is not (yet) supported. Disable parallel uploads in the tus client.\n',
    ),
  /** storage-api's own errors, raised inside its TUS hooks. */
  metadataRequired: () => new StorageError('InvalidRequest', 400, 'Metadata header is required'),
  invalidUploadId: (message: string) => new StorageError('InvalidUploadId', 400, message),
};

const nonNegativeInteger = (value: string) => {
  const n = Number(value);
  return Number.isInteger(n) && String(n) === value && n >= 0;
};

/** tus-node-server's header validators; a header without one is not checked. */
const VALIDATORS: Record<string, (value: string) => boolean> = {
  'upload-offset': nonNegativeInteger,
  'upload-length': nonNegativeInteger,
  'upload-defer-length': (v) => v === '1',
  'upload-metadata': (v) => parseMetadata(v) !== null,
  'x-forwarded-proto': (v) => v === 'http' || v === 'https',
  'tus-version': (v) => v === TUS_VERSION,
  'tus-resumable': (v) => v === TUS_VERSION,
  'content-type': (v) => v === 'application/offset+octet-stream',
  'upload-concat': (v) => v === 'partial' || v.startsWith('final;'),
};

export const isOffsetStream = (contentType: string | null) =>
  contentType !== null && VALIDATORS['content-type']!(contentType);

/**
 * The refusal tus-node-server gives before any handler runs, or null: a missing `Tus-Resumable` (412),
 * then any header its validators reject (400 `Invalid <names>`). Content-Type counts only on PATCH.
 */
export function checkHeaders(request: Request): TusError | null {
  if (request.method === 'OPTIONS') return null;
  if (!request.headers.get('tus-resumable')) return new TusError(412, 'Tus-Resumable Required\n');
  const invalid: string[] = [];
  request.headers.forEach((value, name) => {
    if (name === 'content-type' && request.method !== 'PATCH') return;
    const valid = VALIDATORS[name];
    if (valid && !valid(value)) invalid.push(name);
  });
  return invalid.length ? new TusError(400, `Invalid ${invalid.join(' ')}\n`) : null;
}

/** The headers on every TUS answer: the protocol version, and CORS as tus-node-server sets it. */
export function baseHeaders(): Headers {
  return new Headers({
    'Tus-Resumable': TUS_VERSION,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': HEADERS.join(', '),
  });
}

/** An answer with tus-node-server's body rules: none for 204, else a counted text body. */
export function tusResponse(status: number, headers: Headers, body = ''): Response {
  if (status === 204) return new Response(null, { status, headers });
  headers.set('Content-Length', String(Buffer.byteLength(body)));
  return new Response(body, { status, headers });
}

/** Any failure inside the protocol as storage-api renders it: status and message, as text. */
export function toTusResponse(error: unknown, headers: Headers): Response | null {
  if (error instanceof TusError) return tusResponse(error.status, headers, error.message);
  if (error instanceof StorageError) return tusResponse(error.statusCode, headers, error.message);
  return null;
}
