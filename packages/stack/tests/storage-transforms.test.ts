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
