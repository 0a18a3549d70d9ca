/**
 * @module storage/decoded — a small in-memory LRU of JPEG sources decoded at a reduced scale, so the
 * second and later renditions of one photo (a `srcset`, a thumbnail beside a preview) skip decoding
 * it again. Decoding dominates a transform: Huffman-decoding a large JPEG, even at 1/4 scale, takes longer
 * than resizing the decoded pixels and encoding the rendition (timed in decision 047).
 *
 * Entries are keyed by object version, which every overwrite replaces (decision 040), so a new upload
 * can never be served from an old decode; `forget(version)` also drops them when a version is removed.
 * Only JPEG gets a base (libjpeg decodes at 1/2, 1/4 or 1/8 for free); other formats, and renditions
 * that need the full-size decode, take the direct path. A base is made on the second rendition of a
 * version, not the first: decoding to memory and then resizing costs more than libvips' streamed
 * pipeline (decision 047), which a photo rendered once (the common case) should not pay.
 */
import type { Metadata } from 'sharp';
import { loadSharp } from './sharp.ts';

export interface Decoded {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The size a rendition first resizes the source to (before any crop), in oriented pixels. */
export interface Needed {
  width: number;
  height: number;
}

const SCALES = [8, 4, 2] as const;

/** The JPEG scale that still gives at least `needed`; null when only the full-size decode would. */
export function jpegScale(meta: Metadata, needed: Needed): number | null {
  if (meta.format !== 'jpeg' || !meta.width || !meta.height) return null;
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  for (const s of SCALES) {
    if (Math.ceil(width / s) >= needed.width && Math.ceil(height / s) >= needed.height) return s;
  }
  return null;
}

export class DecodeCache {
  /** Map order is recency: the first key is the least recently used. */
  readonly #entries = new Map<string, { decoded: Promise<Decoded | null>; bytes: number }>();
  #bytes = 0;
  /** Bases asked for once, made on the next ask; cleared when it grows large (at worst a later decode). */
  readonly #asked = new Set<string>();
  readonly maxBytes: number;

  constructor(maxBytes = 64 * 1024 * 1024) {
    this.maxBytes = maxBytes;
  }

  /**
   * The source at 1/`scale` of its (EXIF-oriented) size as raw pixels. Concurrent requests for the
   * same base share one decode. Null on the first ask for a base, and when the decode fails (the
   * caller renders from the file then, and reports sharp's own error).
   */
  get(version: string, path: string, meta: Metadata, scale: number): Promise<Decoded | null> {
    const key = `${version}/${scale}`;
    const hit = this.#entries.get(key);
    if (hit) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.decoded;
    }
    if (!this.#asked.has(key)) {
      if (this.#asked.size >= 10_000) this.#asked.clear();
      this.#asked.add(key);
      return Promise.resolve(null);
    }
    this.#asked.delete(key);
    const entry = { decoded: this.#decode(path, meta, scale), bytes: 0 };
    this.#entries.set(key, entry);
    void entry.decoded.then((decoded) => {
      if (this.#entries.get(key) !== entry) return;
      if (!decoded || decoded.data.length > this.maxBytes / 2) {
        this.#entries.delete(key);
        return;
      }
      entry.bytes = decoded.data.length;
      this.#bytes += entry.bytes;
      this.#evict();
    });
    return entry.decoded;
  }

  /** Drops every base of a version (removed or overwritten). */
  forget(version: string): void {
    for (const key of this.#asked) if (key.startsWith(`${version}/`)) this.#asked.delete(key);
    for (const [key, entry] of this.#entries) {
      if (!key.startsWith(`${version}/`)) continue;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  #evict(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) return;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
    }
  }

  async #decode(path: string, meta: Metadata, scale: number): Promise<Decoded | null> {
    const swap = (meta.orientation ?? 1) >= 5;
    const width = Math.ceil((swap ? meta.height! : meta.width!) / scale);
    const height = Math.ceil((swap ? meta.width! : meta.height!) / scale);
    try {
      const sharp = await loadSharp();
      // Resizing to exactly 1/scale lets libvips decode at that scale and leaves nothing to resample.
      const { data, info } = await sharp(path, { sequentialRead: true })
        .rotate()
        .resize({ width, height, fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height, channels: info.channels };
    } catch {
      return null;
    }
  }
}
