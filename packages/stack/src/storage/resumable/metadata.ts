/**
 * @module storage/resumable/metadata — the `Upload-Metadata` header of TUS 1.0.0: comma-separated
 * `key base64value` pairs (a key alone means null), keys ASCII without spaces or commas, each key once.
 */

const BASE64 = /^[\d+/A-Za-z]*={0,2}$/;

function validKey(key: string | undefined): key is string {
  return !!key && [...key].every((c) => c.charCodeAt(0) <= 127 && c !== ' ' && c !== ',');
}

const validValue = (value: string) => value.length % 4 === 0 && BASE64.test(value);

export type UploadMetadata = Record<string, string | null>;

/** Parses the header, or returns null when it breaks the rules (tus-node-server's `Metadata.parse`). */
export function parseMetadata(header: string | null): UploadMetadata | null {
  if (!header?.trim()) return null;
  const meta: UploadMetadata = {};
  for (const pair of header.split(',')) {
    const [key, value, ...extra] = pair.split(' ');
    if (extra.length || !validKey(key) || key in meta) return null;
    if (value !== undefined && !validValue(value)) return null;
    meta[key] = value === undefined ? null : Buffer.from(value, 'base64').toString('utf8');
  }
  return meta;
}

export function stringifyMetadata(meta: UploadMetadata): string {
  return Object.entries(meta)
    .map(([key, value]) => (value === null ? key : `${key} ${Buffer.from(value, 'utf8').toString('base64')}`))
    .join(',');
}
