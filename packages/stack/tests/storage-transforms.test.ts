import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, db, env, filesBelow, service, storageRoot, unique, user } from './storage-helpers.ts';

const sql = db();
afterAll(() => sql.end());

const alice = user();
const pub = `shared/${unique('img')}.jpg`;
const priv = `${alice.id}/photo.png`;

async function metadataOf(res: Response) {
  expect(res.status).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

beforeAll(async () => {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();
  const png = await sharp({ create: { width: 400, height: 400, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
  const a = await service().storage.from('public-assets').upload(pub, jpeg, { contentType: 'image/jpeg' });
  const b = await alice.client.storage.from('private-docs').upload(priv, png, { contentType: 'image/png' });
  if (a.error || b.error) throw a.error ?? b.error;
});

describe('storage image transformations', () => {
  it('resizes a public image by width keeping its aspect ratio, in the original format', async () => {
    const { data } = anon()
      .storage.from('public-assets')
      .getPublicUrl(pub, { transform: { width: 200 } });
    expect(data.publicUrl).toBe(
      `${env.apiUrl}/storage/v1/render/image/public/public-assets/${pub}?width=200`,
    );
    const res = await fetch(data.publicUrl);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-transformations')).toBe('width:200,resizing_type:fill');
    const meta = await metadataOf(res);
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 200, 150]);
  });

  it('covers, contains and fills a box, and converts to webp and avif', async () => {
    const url = (t: Record<string, unknown>) =>
      anon().storage.from('public-assets').getPublicUrl(pub, { transform: t }).data.publicUrl;
    const cover = await metadataOf(
      await fetch(url({ width: 300, height: 300, resize: 'cover', format: 'webp' })),
    );
    expect([cover.format, cover.width, cover.height]).toEqual(['webp', 300, 300]);
    const contain = await metadataOf(await fetch(url({ width: 300, height: 300, resize: 'contain' })));
    expect([contain.width, contain.height]).toEqual([300, 225]);
    const fill = await metadataOf(await fetch(url({ width: 100, height: 300, resize: 'fill', quality: 50 })));
    expect([fill.width, fill.height]).toEqual([100, 300]);
    const avif = await metadataOf(await fetch(url({ width: 64, format: 'avif' } as never)));
    expect(avif.format).toBe('heif');
    expect(avif.width).toBe(64);
  });

  it('picks webp when the client accepts it unless format=origin, and never enlarges', async () => {
    const base = `${env.apiUrl}/storage/v1/render/image/public/public-assets/${pub}`;
    const accepted = await fetch(`${base}?width=100`, { headers: { accept: 'image/webp,*/*' } });
    expect(accepted.headers.get('content-type')).toBe('image/webp');
    const origin = await fetch(`${base}?width=100&format=origin`, { headers: { accept: 'image/webp,*/*' } });
    expect(origin.headers.get('content-type')).toBe('image/jpeg');
    const big = await metadataOf(await fetch(`${base}?width=2000`));
    expect(big.width).toBe(800);
  });

  it('transforms an authenticated download as the caller (RLS decides)', async () => {
    const { data, error } = await alice.client.storage
      .from('private-docs')
      .download(priv, { transform: { width: 50, height: 50, format: 'origin' } });
    expect(error).toBeNull();
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 50, 50]);
    const other = await user()
      .client.storage.from('private-docs')
      .download(priv, { transform: { width: 50 } });
    expect(other.error).toMatchObject({ status: 400 });
  });

  it('signs transformed URLs that carry their transformations', async () => {
    const { data, error } = await alice.client.storage
      .from('private-docs')
      .createSignedUrl(priv, 60, { transform: { width: 120, height: 80, resize: 'fill' } });
    expect(error).toBeNull();
    expect(data?.signedUrl).toContain('/storage/v1/render/image/sign/private-docs/');
    const token = new URL(data!.signedUrl).searchParams.get('token')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      url: `private-docs/${priv}`,
      transformations: 'height:80,width:120,resize:fill',
      scope: 'download',
    });
    const meta = await metadataOf(await fetch(`${data!.signedUrl}&width=999`));
    expect([meta.width, meta.height]).toEqual([120, 80]);
  });

  it('caches renditions on disk keyed by parameters', async () => {
    const root = await storageRoot(sql);
    const url = anon()
      .storage.from('public-assets')
      .getPublicUrl(pub, { transform: { width: 77 } }).data.publicUrl;
    const first = Buffer.from(await (await fetch(url)).arrayBuffer());
    const cached = filesBelow(`${root}/cache`).length;
    const second = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(second.equals(first)).toBe(true);
    expect(filesBelow(`${root}/cache`).length).toBe(cached);
    await service().storage.from('public-assets').remove([pub]);
    const [row] = await sql`select 1 from storage.objects where name = ${pub}`;
    expect(row).toBeUndefined();
  });

  it("states imgproxy's resize mode in x-transformations, the default too, with the source's ETag", async () => {
    const path = `shared/${unique('hdr')}.jpg`;
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#00ff00' } })
      .jpeg()
      .toBuffer();
    await service().storage.from('public-assets').upload(path, jpeg, { contentType: 'image/jpeg' });
    const base = `${env.apiUrl}/storage/v1/render/image/public/public-assets/${path}`;
    const header = async (query: string) => {
      const res = await fetch(`${base}?${query}`);
      expect(res.status).toBe(200);
      return [res.headers.get('x-transformations'), res.headers.get('etag')];
    };
    const [, etag] = await header('width=10');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await header('width=10&height=20')).toEqual(['height:20,width:10,resizing_type:fill', etag]);
    expect((await header('width=10&height=20&resize=cover'))[0]).toBe(
      'height:20,width:10,resizing_type:fill',
    );
    expect((await header('width=10&height=20&resize=contain'))[0]).toBe(
      'height:20,width:10,resizing_type:fit',
    );
    expect((await header('width=10&resize=fill&quality=60'))[0]).toBe(
      'width:10,resizing_type:force,quality:60',
    );
    expect((await header('quality=60&format=webp'))[0]).toBe('quality:60,format:webp');
    const signed = await service()
      .storage.from('public-assets')
      .createSignedUrl(path, 60, { transform: { width: 20, height: 20, quality: 60 } });
    const res = await fetch(signed.data!.signedUrl);
    expect(res.headers.get('x-transformations')).toBe('height:20,width:20,resizing_type:fill,quality:60');
  });

  it('renders the new image after an overwrite: no rendition or decoded source outlives its version', async () => {
    const path = `shared/${unique('over')}.jpg`;
    const bucket = service().storage.from('public-assets');
    const photo = (width: number, height: number, background: string) =>
      sharp({ create: { width, height, channels: 3, background } })
        .jpeg()
        .toBuffer();
    const render = async (quality: number) => {
      const url = bucket.getPublicUrl(path, { transform: { width: 200, quality } }).data.publicUrl;
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const image = sharp(Buffer.from(await res.arrayBuffer()));
      const { width, height } = await image.metadata();
      const { dominant } = await image.stats();
      return { width, height, red: dominant.r > 200, blue: dominant.b > 200 };
    };
    await bucket.upload(path, await photo(1600, 1200, '#ff0000'), { contentType: 'image/jpeg' });
    // The first rendition reads the file, the second decodes a reduced base, the third reuses it.
    for (const quality of [50, 60, 70]) {
      expect(await render(quality)).toEqual({ width: 200, height: 150, red: true, blue: false });
    }
    await bucket.upload(path, await photo(1200, 1600, '#0000ff'), {
      contentType: 'image/jpeg',
      upsert: true,
    });
    for (const quality of [50, 60, 70, 80]) {
      expect(await render(quality)).toEqual({ width: 200, height: 267, red: false, blue: true });
    }
  });

  it('refuses invalid parameters with a validation error', async () => {
    const res = await fetch(`${env.apiUrl}/storage/v1/render/image/public/public-assets/${pub}?quality=5`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: '400',
      code: 'InvalidRequest',
      error: 'Bad Request',
      message: 'querystring/quality must be >= 20',
    });
  });
});
