import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DecodeCache, jpegScale } from '../src/storage/decoded.ts';

const dir = mkdtempSync(join(tmpdir(), 'decoded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function jpeg(name: string, width: number, height: number): Promise<string> {
  const path = join(dir, name);
  writeFileSync(
    path,
    await sharp({ create: { width, height, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer(),
  );
  return path;
}

describe('storage decoded JPEG bases', () => {
  it('picks the smallest JPEG scale that still covers the size a rendition needs', async () => {
    const meta = await sharp(await jpeg('a.jpg', 4000, 3000)).metadata();
    expect(jpegScale(meta, { width: 640, height: 480 })).toBe(4);
    expect(jpegScale(meta, { width: 500, height: 375 })).toBe(8);
    expect(jpegScale(meta, { width: 1500, height: 1125 })).toBe(2);
    expect(jpegScale(meta, { width: 2500, height: 1875 })).toBeNull();
    // Rotated by EXIF (orientation 6): the oriented size is 3000 × 4000.
    expect(jpegScale({ ...meta, orientation: 6 }, { width: 750, height: 1000 })).toBe(4);
    expect(jpegScale({ ...meta, format: 'png' }, { width: 640, height: 480 })).toBeNull();
  });

  it('decodes on the second ask, shares it after, and forgets a version', async () => {
    const path = await jpeg('b.jpg', 1600, 1200);
    const meta = await sharp(path).metadata();
    const cache = new DecodeCache();
    expect(await cache.get('v1', path, meta, 4)).toBeNull();
    const base = await cache.get('v1', path, meta, 4);
    expect(base).toMatchObject({ width: 400, height: 300, channels: 3 });
    expect(base?.data.length).toBe(400 * 300 * 3);
    expect(await cache.get('v1', path, meta, 4)).toBe(base);
    expect(cache.size).toBe(1);
    cache.forget('v1');
    expect(cache.size).toBe(0);
    expect(await cache.get('v1', path, meta, 4)).toBeNull();
  });

  it('evicts the least recently used base beyond its byte budget', async () => {
    const path = await jpeg('c.jpg', 800, 800);
    const meta = await sharp(path).metadata();
    // Each base is 400 × 400 × 3 = 480,000 bytes: a 4 MB budget keeps three, a 1 MB budget two.
    const cache = new DecodeCache(4_000_000);
    for (const v of ['x', 'y', 'z']) {
      await cache.get(v, path, meta, 2);
      await cache.get(v, path, meta, 2);
    }
    expect(cache.size).toBe(3);
    const small = new DecodeCache(1_000_000);
    for (const v of ['x', 'y', 'z']) {
      await small.get(v, path, meta, 2);
      await small.get(v, path, meta, 2);
    }
    expect(small.size).toBe(2);
  });
});
