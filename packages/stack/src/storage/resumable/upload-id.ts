/**
 * @module storage/resumable/upload-id — the id in a resumable upload's URL. As storage-api does, it names
 * the target: base64url of `<bucket>/<object name>/<version>`, so the URL alone says where the bytes go.
 * The version is a server-made UUID and is all that addresses the partial file on disk.
 */
import { mustBeValidBucketName, mustBeValidKey } from '../keys.ts';
import { tusErrors } from './protocol.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface UploadId {
  bucket: string;
  name: string;
  version: string;
}

/** Checks a target as storage-api's UploadId constructor does: bucket name, then key. */
export function uploadId(bucket: string, name: string, version: string): UploadId {
  mustBeValidBucketName(bucket);
  mustBeValidKey(name);
  return { bucket, name, version };
}

export function encodeUploadId(id: UploadId): string {
  return Buffer.from(`${id.bucket}/${id.name}/${id.version}`, 'utf8').toString('base64url');
}

/** Reads the id at the end of an upload URL; a malformed one is storage-api's InvalidUploadId (400). */
export function decodeUploadId(encoded: string): UploadId {
  const parts = Buffer.from(encoded, 'base64url').toString('utf8').split('/');
  if (parts.length < 3) throw tusErrors.invalidUploadId('Invalid upload id');
  const [bucket = '', ...rest] = parts;
  const version = rest.pop();
  if (!version) throw tusErrors.invalidUploadId('Version not provided');
  const id = uploadId(bucket, rest.join('/'), version);
  // Anything but one of our UUIDs cannot name a partial upload (and must never reach a file path).
  if (!UUID.test(version)) throw tusErrors.fileNotFound();
  return id;
}
