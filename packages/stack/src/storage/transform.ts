/**
 * @module storage/transform — image transformations (`/render/image/...`) with sharp, standing in for
 * the imgproxy that storage-api drives: width/height clamped to 1..2500, `resize` cover (crop to fill),
 * contain (fit inside) or fill (stretch), `quality` 20..100 (default 80), `format` origin/webp/avif
 * (without one, WebP when the client accepts it). Images are never enlarged, as imgproxy's default.
 * Renditions are cached on disk next to nothing but their own version, keyed by the parameters.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FormatEnum, Metadata, Sharp } from 'sharp';
import { jpegScale, type Needed } from './decoded.ts';
import type { StorageDeps } from './deps.ts';
import { errors, StorageError } from './errors.ts';
import { dispositionHeader, missingBytes } from './read.ts';
import type { ObjectRow } from './rows.ts';
import { loadSharp } from './sharp.ts';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: 'origin' | 'webp' | 'avif';
}

const SIZE = { min: 1, max: 2500 };
const clamp = (n: number) => Math.min(Math.max(n, SIZE.min), SIZE.max);

function integer(value: unknown, name: string, where: string): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n)) throw errors.validation(`${where}/${name} must be integer`);
  return n;
}

/** Validates transformation options from a query string or a JSON body, as storage-api's schema does. */
export function parseTransform(input: Record<string, unknown>, where = 'querystring'): TransformOptions {
  const options: TransformOptions = {};
  const width = integer(input.width, 'width', where);
  const height = integer(input.height, 'height', where);
  const quality = integer(input.quality, 'quality', where);
  if (width !== undefined) {
    if (width < 0) throw errors.validation(`${where}/width must be >= 0`);
    options.width = width;
  }
  if (height !== undefined) {
    if (height < 0) throw errors.validation(`${where}/height must be >= 0`);
    options.height = height;
  }
  if (quality !== undefined) {
    if (quality < 20) throw errors.validation(`${where}/quality must be >= 20`);
    if (quality > 100) throw errors.validation(`${where}/quality must be <= 100`);
    options.quality = quality;
  }
  if (input.resize !== undefined && input.resize !== '') {
    if (!['cover', 'contain', 'fill'].includes(input.resize as string)) {
      throw errors.validation(`${where}/resize must be equal to one of the allowed values`);
    }
    options.resize = input.resize as TransformOptions['resize'];
  }
  if (input.format !== undefined && input.format !== '') {
    if (!['origin', 'webp', 'avif'].includes(input.format as string)) {
      throw errors.validation(`${where}/format must be equal to one of the allowed values`);
    }
    options.format = input.format as TransformOptions['format'];
  }
  return options;
}

/** imgproxy's name for each resize mode, as storage-api translates them (cover is imgproxy's default, fill). */
const RESIZING_TYPE = { cover: 'fill', contain: 'fit', fill: 'force' } as const;

/**
 * storage-api's transformation segments, in its order. `as: 'token'` is the list a signed image URL
 * carries (`resize:<mode>` as asked); `as: 'imgproxy'` is what it sends imgproxy and echoes in
 * `x-transformations`, where the resize mode is always stated (`resizing_type:fill` by default).
 */
export function transformationList(options: TransformOptions, as: 'token' | 'imgproxy' = 'token'): string[] {
  const list: string[] = [];
  if (options.height) list.push(`height:${clamp(options.height)}`);
  if (options.width) list.push(`width:${clamp(options.width)}`);
  if (options.width || options.height) {
    if (as === 'imgproxy') list.push(`resizing_type:${RESIZING_TYPE[options.resize ?? 'cover']}`);
    else if (options.resize) list.push(`resize:${options.resize}`);
  }
  if (options.quality) list.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') list.push(`format:${options.format}`);
  return list;
}

/** Reads a signed token's `transformations` string back into options. */
export function parseTransformationList(text: string): TransformOptions {
  const input: Record<string, string> = {};
  for (const part of text.split(',')) {
    const [key, value] = part.split(':');
    if (key && value !== undefined) input[key] = value;
  }
  return parseTransform(input);
}

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

function outputFormat(options: TransformOptions, source: string | undefined, accept: string): string {
  if (options.format === 'webp' || options.format === 'avif') return options.format;
  if (options.format !== 'origin' && accept.includes('image/webp')) return 'webp';
  if (source === 'heif') return 'avif';
  if (source === 'jpeg' || source === 'png' || source === 'webp' || source === 'gif' || source === 'tiff') {
    return source;
  }
  return 'png';
}

/**
 * The size the resize step scales the (oriented) source to before cover's crop, or null when it does
 * not scale down at all.
 */
function neededSize(meta: Metadata, options: TransformOptions): Needed | null {
  if ((!options.width && !options.height) || !meta.width || !meta.height) return null;
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  const rw = options.width ? clamp(options.width) / width : undefined;
  const rh = options.height ? clamp(options.height) / height : undefined;
  if (options.resize === 'fill' && rw !== undefined && rh !== undefined) {
    return rw >= 1 && rh >= 1
      ? null
      : { width: Math.ceil(width * Math.min(rw, 1)), height: Math.ceil(height * Math.min(rh, 1)) };
  }
  const both = rw !== undefined && rh !== undefined;
  const r = both ? (options.resize === 'contain' ? Math.min(rw, rh) : Math.max(rw, rh)) : (rw ?? rh ?? 1);
  return r >= 1 ? null : { width: Math.ceil(width * r), height: Math.ceil(height * r) };
}

/** The pipeline's input: a cached reduced decode of a JPEG when one serves, else the file itself. */
async function sourceImage(
  deps: StorageDeps,
  version: string,
  path: string,
  meta: Metadata,
  options: TransformOptions,
): Promise<Sharp> {
  const needed = neededSize(meta, options);
  const scale = needed && jpegScale(meta, needed);
  const base = scale ? await deps.decoded.get(version, path, meta, scale) : null;
  const sharp = await loadSharp();
  if (!base) return sharp(path).rotate();
  return sharp(base.data, { raw: { width: base.width, height: base.height, channels: base.channels } });
}

/** Renders (or reuses from cache) a transformed image and sends it. */
export async function renderImage(
  deps: StorageDeps,
  request: Request,
  url: URL,
  row: ObjectRow,
  options: TransformOptions,
): Promise<Response> {
  if (!row.version || (await deps.files.size(row.version)) === null) return missingBytes();
  const source = deps.files.objectPath(row.version);
  let format: string;
  let meta: Metadata;
  const sharp = await loadSharp();
  try {
    meta = await sharp(source).metadata();
    format = outputFormat(options, meta.format, request.headers.get('accept') ?? '');
  } catch {
    throw new StorageError('InvalidRequest', 400, 'Image transformation request was rejected');
  }
  const list = transformationList(options, 'imgproxy');
  const key = createHash('sha1')
    .update(`${list.join(',')}|${format}`)
    .digest('hex');
  const dir = deps.files.cacheDir(row.version);
  const cached = join(dir, `${key}.${format}`);
  if (!existsSync(cached)) {
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `${randomUUID()}.tmp`);
    try {
      let image = await sourceImage(deps, row.version, source, meta, options);
      if (options.width || options.height) {
        image = image.resize({
          width: options.width ? clamp(options.width) : undefined,
          height: options.height ? clamp(options.height) : undefined,
          fit: FIT[options.resize ?? 'cover'],
          withoutEnlargement: true,
        });
      }
      await image.toFormat(format as keyof FormatEnum, { quality: options.quality ?? 80 }).toFile(temp);
      await rename(temp, cached);
    } catch (error) {
      await rm(temp, { force: true });
      throw new StorageError(
        'InvalidRequest',
        400,
        `Image transformation failed: ${(error as Error).message}`,
      );
    }
  }
  const { size } = await stat(cached);
  const headers = new Headers({
    'content-type': `image/${format}`,
    'content-length': String(size),
    'x-robots-tag': 'none',
  });
  // storage-api sends the source object's ETag with a rendition.
  if (row.metadata?.eTag) headers.set('etag', row.metadata.eTag);
  if (row.metadata?.cacheControl) headers.set('cache-control', row.metadata.cacheControl);
  if (list.length) headers.set('x-transformations', list.join(','));
  const disposition = dispositionHeader(url);
  if (disposition) headers.set('content-disposition', disposition);
  return new Response(request.method === 'HEAD' ? null : deps.files.read(cached), { status: 200, headers });
}
