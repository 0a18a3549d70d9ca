/**
 * @module storage/errors — storage-api's error catalogue and its wire shape
 * `{statusCode, code, error, message}`. As storage-api does, the HTTP status is 400 for every
 * client error (the "real" status travels as the string `statusCode` in the body) and 500 for
 * server errors, unless an error says otherwise (403 for role checks, 416 for ranges).
 */

import { isDatabaseUnavailable } from '../postgres/unavailable.ts';

export class StorageError extends Error {
  readonly code: string;
  /** The status storage-api reports in the body, e.g. '404'. */
  readonly statusCode: number;
  /** storage-api's legacy `error` field; defaults to the code. */
  readonly error: string;
  /** The HTTP status actually sent. */
  readonly httpStatus: number;

  constructor(code: string, statusCode: number, message: string, error?: string, httpStatus?: number) {
    super(message);
    this.code = code;
    this.statusCode = statusCode;
    this.error = error ?? code;
    this.httpStatus = httpStatus ?? (statusCode >= 500 ? 500 : 400);
  }

  toResponse(): Response {
    const body = {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error,
      message: this.message,
    };
    return new Response(JSON.stringify(body), {
      status: this.httpStatus,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  }
}

export const errors = {
  noSuchBucket: () => new StorageError('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError('NoSuchKey', 404, 'Object not found', 'not_found'),
  invalidJwt: (message: string) => new StorageError('InvalidJWT', 400, message),
  accessDenied: (message: string, httpStatus?: number) =>
    new StorageError('AccessDenied', 403, message || 'Access denied', 'Unauthorized', httpStatus),
  resourceAlreadyExists: () =>
    new StorageError('ResourceAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  keyAlreadyExists: () =>
    new StorageError('KeyAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError('BucketAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError('ResourceNotEmpty', 409, 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageError(
      'EntityTooLarge',
      413,
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidMimeType: (mime: string) =>
    new StorageError('InvalidMimeType', 415, `mime type ${mime} is not supported`, 'invalid_mime_type'),
  invalidKey: (key: string) => new StorageError('InvalidKey', 400, `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError('InvalidBucketName', 400, 'Bucket name invalid', 'Invalid Input'),
  invalidSignature: (message?: string) =>
    new StorageError('InvalidSignature', 400, message || 'Invalid signature'),
  expiredSignature: () => new StorageError('ExpiredToken', 400, 'The provided token has expired.'),
  invalidRequest: (message: string) => new StorageError('InvalidRequest', 400, message || 'Invalid Request'),
  invalidFileSizeLimit: () =>
    new StorageError('InvalidRequest', 400, 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  noContentProvided: () => new StorageError('InvalidRequest', 400, 'No content provided'),
  invalidRange: () => new StorageError('InvalidRange', 416, 'invalid range provided', 'invalid_range', 416),
  /** Fastify's schema validation failures, as storage-api's error handler renders them. */
  validation: (message: string) => new StorageError('InvalidRequest', 400, message, 'Bad Request'),
  internal: (message = 'Internal server error') => new StorageError('InternalError', 500, message),
  /** storage-api's not-found handler: a real 404, code InvalidRequest; `url` includes the query. */
  notFound: (method: string, url: string) =>
    new StorageError('InvalidRequest', 404, `Route ${method}:${url} not found`, 'Not Found', 404),
};

/** Postgres errors as storage-api maps them (SQLSTATE → catalogue entry). */
export function fromDatabaseError(error: unknown): StorageError {
  const pg = error as { code?: string; message?: string };
  // The database is away (restarting, recovering): a retryable 503 rather than a 500.
  if (isDatabaseUnavailable(error)) {
    return new StorageError(
      'DatabaseError',
      503,
      'database is unavailable, retry shortly',
      'Service Unavailable',
      503,
    );
  }
  switch (pg.code) {
    case '42501':
      return errors.accessDenied(
        pg.message?.includes('row-level security')
          ? 'new row violates row-level security policy'
          : (pg.message ?? ''),
      );
    case '23505':
      return errors.resourceAlreadyExists();
    case '23503':
      return new StorageError('InvalidRequest', 404, 'The related resource does not exist');
    case '22P02':
      return new StorageError('InvalidParameter', 400, pg.message || 'Invalid Parameter value');
    case '57014':
      return new StorageError(
        'DatabaseTimeout',
        544,
        'The connection to the database timed out',
        undefined,
        544,
      );
    default:
      return new StorageError('DatabaseError', 500, `database error, code: ${pg.code ?? 'unknown'}`);
  }
}

/** Anything thrown while serving a request, as the response storage-api would send. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof StorageError) return error.toResponse();
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && (/^[0-9A-Z]{5}$/.test(code) || isDatabaseUnavailable(error))) {
    return fromDatabaseError(error).toResponse();
  }
  throw error;
}
