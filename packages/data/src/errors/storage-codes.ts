/** @module errors/storage-codes — storage-api error bodies (as storage-js exposes them) → catalogue codes. */
import type { Mapped } from './mapped.ts';

/**
 * storage-api answers `{statusCode, error, message}`; `statusCode` is a string and may differ from the HTTP
 * status (older servers send 400 with `statusCode: "413"`), so both are read.
 */
export function storageCode(name: string, e: Record<string, unknown>): Mapped {
  if (name === 'StorageUnknownError') return { code: 'NETWORK' };
  const statusCode = Number(e.statusCode ?? e.status);
  const text = `${typeof e.code === 'string' ? e.code : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  if (
    statusCode === 413 ||
    /payload too large|exceeded the maximum allowed size|EntityTooLarge/i.test(text)
  ) {
    return { code: 'FILE_TOO_LARGE' };
  }
  if (statusCode === 415 || /invalid_mime_type|mime type .* is not supported/i.test(text))
    return { code: 'FILE_TYPE' };
  if (/row-level security|AccessDenied|Unauthorized/i.test(text) || statusCode === 403)
    return { code: 'FORBIDDEN' };
  if (statusCode === 404 || /not.?found|NoSuchKey|NoSuchBucket/i.test(text)) return { code: 'NOT_FOUND' };
  if (statusCode === 409 || /already exists|Duplicate/i.test(text)) return { code: 'CONFLICT' };
  if (statusCode === 400 && /InvalidJWT|jwt expired|exp claim/i.test(text))
    return { code: 'SESSION_EXPIRED' };
  if (statusCode === 400 && /InvalidKey|Invalid key/i.test(text))
    return { code: 'VALIDATION', field: 'file' };
  if (statusCode === 429) return { code: 'RATE_LIMITED' };
  return { code: 'UNEXPECTED' };
}
