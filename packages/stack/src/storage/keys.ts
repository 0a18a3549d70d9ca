/**
 * @module storage/keys — what names storage accepts: object keys and bucket names (storage-api's
 * S3-safe character sets), plus the stricter path rules of a disk backend, MIME allow-lists and
 * size strings.
 */
import { errors } from './errors.ts';

// storage-api's allowed characters; the hyphen is last so it stays literal.
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;

/**
 * Throws InvalidKey unless `key` is a safe object key. Beyond storage-api's character set, a key may
 * not start with `/`, hold empty segments, or `.`/`..` segments: on a disk they would mean something.
 */
export function mustBeValidKey(key: string | undefined): asserts key is string {
  if (!key || !VALID_OBJECT_KEY.test(key)) throw errors.invalidKey(key ?? '');
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw errors.invalidKey(key);
  }
}

export function mustBeValidBucketName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !name.length || name.length > 100 || !VALID_BUCKET_NAME.test(name)) {
    throw errors.invalidBucketName();
  }
}

/** storage-api's MIME check: `type/sub` against entries like `image/png` or `image/*`. */
export function validateMimeType(mimeType: string, allowed: string[]): void {
  const [type, sub, ...rest] = mimeType.split('/');
  if (sub === undefined || rest.length) throw errors.invalidMimeType(mimeType);
  for (const entry of allowed) {
    const [allowedType, allowedSub] = entry.split('/');
    if (allowedType === type && (allowedSub === '*' || allowedSub === sub)) return;
  }
  throw errors.invalidMimeType(mimeType);
}

/** Validates the entries of a bucket's allowed_mime_types as storage-api does on create/update. */
export function validateAllowedMimeTypes(types: string[]): void {
  for (const type of types) {
    if (
      type.length > 1000 ||
      !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(type)
    ) {
      throw errors.invalidMimeType(type);
    }
  }
}

/** A bucket's file_size_limit: bytes as a number, or a string like `20MB` (decimal units). */
export function parseFileSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return value;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0) throw errors.invalidFileSizeLimit();
    return value;
  }
  if (typeof value !== 'string') throw errors.invalidFileSizeLimit();
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!match) throw errors.invalidFileSizeLimit();
  const amount = +Number.parseFloat(match[1]!).toPrecision(3);
  const unit = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[match[2]!.toLowerCase() as 'gb' | 'mb' | 'kb' | 'b'];
  return Math.round(amount * unit);
}
