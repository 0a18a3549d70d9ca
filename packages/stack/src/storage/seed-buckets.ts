/**
 * @module storage/seed-buckets — `[storage.buckets.<name>]` of config.toml made real at every start (so at
 * reset too), as `supabase start` and `db reset` run the CLI's `seed buckets`: through the Storage API as
 * the service role, a bucket that exists updated, one that does not created; then each regular file under
 * the bucket's `objects_path` uploaded at its path relative to that folder, overwriting.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative, sep } from 'node:path';
import type { BucketSeed } from '../config.ts';

/** Go's `mime.TypeByExtension` for the types the CLI refines `text/plain` into. */
const BY_EXTENSION: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.xml': 'text/xml; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

const SIGNATURES: [prefix: number[], type: string][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'image/png'],
  [[0xff, 0xd8, 0xff], 'image/jpeg'],
  [[0x47, 0x49, 0x46, 0x38], 'image/gif'],
  [[0x25, 0x50, 0x44, 0x46, 0x2d], 'application/pdf'],
  [[0x50, 0x4b, 0x03, 0x04], 'application/zip'],
];

/**
 * The type the CLI uploads a file with: sniffed from its first bytes (a subset of Go's
 * `http.DetectContentType`), and plain text refined by the file's extension.
 */
export function uploadType(file: string, bytes: Uint8Array): string {
  for (const [prefix, type] of SIGNATURES) if (prefix.every((b, i) => bytes[i] === b)) return type;
  const head = Buffer.from(bytes.subarray(0, 512));
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  const text = head.toString('latin1').trimStart().toLowerCase();
  if (/^<(!doctype html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|p)[ >]/.test(text)) {
    return 'text/html; charset=utf-8';
  }
  if (text.startsWith('<?xml')) return 'text/xml; charset=utf-8';
  // Binary when any control byte other than whitespace shows up, as Go's sniffer decides.
  if (head.some((b) => b < 0x20 && ![0x09, 0x0a, 0x0c, 0x0d, 0x1b].includes(b)))
    return 'application/octet-stream';
  return BY_EXTENSION[extname(file).toLowerCase()] ?? 'text/plain; charset=utf-8';
}

/** Every regular file under `root` (or `root` itself when it is a file), with its object path. */
function filesOf(root: string, bucket: string): [file: string, key: string][] {
  const stat = statSync(root, { throwIfNoEntry: false });
  if (!stat)
    throw new Error(`config.toml [storage.buckets.${bucket}] objects_path ${root}: no such file or folder`);
  if (stat.isFile()) return [[root, `${bucket}/${basename(root)}`]];
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push([path, `${bucket}/${relative(root, path).split(sep).join('/')}`]);
    }
  };
  walk(root);
  return out;
}

export interface SeedTarget {
  apiUrl: string;
  /** A key that the gateway maps to the service role. */
  serviceKey: string;
}

/** Creates or updates the configured buckets and uploads their objects; a refusal fails the start. */
export async function seedBuckets(
  buckets: Record<string, BucketSeed>,
  { apiUrl, serviceKey }: SeedTarget,
  log: (line: string) => void,
): Promise<void> {
  const names = Object.keys(buckets);
  if (!names.length) return;
  // Every folder is read before anything changes, so a wrong objects_path fails the start untouched.
  const uploads = names.flatMap((name) => {
    const root = buckets[name]!.objectsPath;
    return root ? filesOf(root, name) : [];
  });
  const headers = { apikey: serviceKey, authorization: `Bearer ${serviceKey}` };
  const call = async (path: string, init: RequestInit, what: string) => {
    const res = await fetch(`${apiUrl}/storage/v1${path}`, {
      ...init,
      headers: { ...headers, ...init.headers },
    });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      throw new Error(`config.toml [storage.buckets]: ${what} failed: ${body.message ?? res.status}`);
    }
    return res;
  };
  const existing = (await (await call('/bucket', { method: 'GET' }, 'listing buckets')).json()) as {
    id: string;
    name: string;
  }[];
  const ids = new Map(existing.map((b) => [b.name, b.id]));
  for (const name of names) {
    const bucket = buckets[name]!;
    // As the CLI sends them: an unset `public`, a zero limit and an empty list are left out.
    const body = {
      ...(bucket.public !== undefined ? { public: bucket.public } : {}),
      ...(bucket.fileSizeLimit ? { file_size_limit: bucket.fileSizeLimit } : {}),
      ...(bucket.allowedMimeTypes?.length ? { allowed_mime_types: bucket.allowedMimeTypes } : {}),
    };
    const json = { 'content-type': 'application/json' };
    const id = ids.get(name);
    if (id) {
      log(`Updating Storage bucket: ${id}`);
      await call(
        `/bucket/${encodeURIComponent(id)}`,
        { method: 'PUT', headers: json, body: JSON.stringify(body) },
        `updating ${id}`,
      );
    } else {
      log(`Creating Storage bucket: ${name}`);
      await call(
        '/bucket',
        { method: 'POST', headers: json, body: JSON.stringify({ name, ...body }) },
        `creating ${name}`,
      );
    }
  }
  for (const [file, key] of uploads) {
    const bytes = readFileSync(file);
    log(`Uploading: ${file} => ${key}`);
    const path = key.split('/').map(encodeURIComponent).join('/');
    await call(
      `/object/${path}`,
      {
        method: 'POST',
        headers: { 'content-type': uploadType(file, bytes), 'x-upsert': 'true' },
        body: bytes,
      },
      `uploading ${key}`,
    );
  }
}
