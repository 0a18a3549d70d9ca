/**
 * @module bench/storage — Storage throughput and transform latency on an isolated stack over the fixture
 * project: upload and download MB/s of a 5 MB file (service_role, through supabase-js), and the p50 of
 * rendering a 4000 px JPEG to a 640 px WebP: each sample with distinct parameters, so no rendition is
 * reused (the photo's reduced decode is, after the first: see src/storage/decoded.ts); the p50 of the
 * first rendition of freshly uploaded copies (nothing cached at all); and the p50 of one rendition
 * served again from the on-disk cache. The stack runs in a child process,
 * so the client does not share its event loop (as with a real app talking to the stack).
 *
 * Run: `node bench/storage.ts` from packages/stack.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { startTestStack } from '../src/testing.ts';
import { median, round, timed } from './lib.ts';

export { benchResumableUploads } from './storage-resumable.ts';

export interface StorageBench {
  /** Raw body (a Buffer, as storage-js sends it). */
  uploadMBps: number;
  /** multipart/form-data (a Blob/File, as browsers send it). */
  uploadFormMBps: number;
  downloadMBps: number;
  transferSamples: number;
  transformP50Ms: number;
  transformCachedP50Ms: number;
  /** First rendition of a new upload: decode included. */
  transformColdP50Ms: number;
  transformSamples: number;
  coldSamples: number;
}

/** Starts the stack in a child process (this file with `--serve`); resolves once it prints its URL. */
export async function spawnStack(): Promise<{ apiUrl: string; serviceRoleKey: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { ...JSON.parse(line), child };
  }
  throw new Error('the stack process exited before it was ready');
}

async function serve(): Promise<void> {
  const workdir = fileURLToPath(new URL('../tests/fixtures/project', import.meta.url));
  const stack = await startTestStack({ workdir });
  process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
  console.log(JSON.stringify({ apiUrl: stack.apiUrl, serviceRoleKey: stack.serviceRoleKey }));
}

export async function benchStorage(
  transferSamples = 10,
  transformSamples = 15,
  coldSamples = 5,
): Promise<StorageBench> {
  const stack = await spawnStack();
  try {
    const supabase = createClient(stack.apiUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
    const bucket = supabase.storage.from('public-assets');
    const size = 5 * 1024 * 1024;
    const file = randomBytes(size);

    const uploads: number[] = [];
    const formUploads: number[] = [];
    const downloads: number[] = [];
    const blob = new Blob([file], { type: 'application/octet-stream' });
    for (let i = 0; i < transferSamples; i++) {
      const path = `bench/blob-${i}.bin`;
      uploads.push(
        await timed(async () => {
          const { error } = await bucket.upload(path, file, { contentType: 'application/octet-stream' });
          if (error) throw error;
        }),
      );
      formUploads.push(
        await timed(async () => {
          const { error } = await bucket.upload(`bench/form-${i}.bin`, blob);
          if (error) throw error;
        }),
      );
      downloads.push(
        await timed(async () => {
          const { data, error } = await bucket.download(path);
          if (error || data?.size !== size) throw error ?? new Error('short download');
        }),
      );
    }
    const mbps = (ms: number) => round(size / 1024 / 1024 / (ms / 1000));

    const photo = await sharp({
      create: { width: 4000, height: 3000, channels: 3, background: '#4a7bd0' },
    })
      .composite([
        { input: randomBytes(400 * 300 * 3), raw: { width: 400, height: 300, channels: 3 }, tile: true },
      ])
      .jpeg({ quality: 85 })
      .toBuffer();
    const { error } = await bucket.upload('bench/photo.jpg', photo, { contentType: 'image/jpeg' });
    if (error) throw error;
    const render = (quality: number, path = 'bench/photo.jpg') =>
      timed(async () => {
        const url = bucket.getPublicUrl(path, {
          transform: { width: 640, quality, format: 'webp' } as never,
        }).data.publicUrl;
        const res = await fetch(url);
        if (res.status !== 200 || res.headers.get('content-type') !== 'image/webp')
          throw new Error(`render ${res.status}`);
        await res.arrayBuffer();
      });
    const fresh: number[] = [];
    for (let i = 0; i < transformSamples; i++) fresh.push(await render(60 + i));
    const cached: number[] = [];
    for (let i = 0; i < transformSamples; i++) cached.push(await render(60));
    const cold: number[] = [];
    for (let i = 0; i < coldSamples; i++) {
      const path = `bench/photo-${i}.jpg`;
      const { error } = await bucket.upload(path, photo, { contentType: 'image/jpeg' });
      if (error) throw error;
      cold.push(await render(60, path));
    }

    return {
      uploadMBps: mbps(median(uploads)),
      uploadFormMBps: mbps(median(formUploads)),
      downloadMBps: mbps(median(downloads)),
      transferSamples,
      transformP50Ms: round(median(fresh)),
      transformCachedP50Ms: round(median(cached)),
      transformColdP50Ms: round(median(cold)),
      transformSamples,
      coldSamples,
    };
  } finally {
    const exited = new Promise((resolve) => stack.child.once('exit', resolve));
    stack.child.kill('SIGTERM');
    await exited;
  }
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  process.argv[2] === '--serve'
) {
  await serve();
} else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchStorage();
  console.log('Storage');
  console.log(
    `  5 MB object, median of ${result.transferSamples}: upload ${result.uploadMBps} MB/s (multipart ${result.uploadFormMBps} MB/s), download ${result.downloadMBps} MB/s`,
  );
  console.log(
    `  4000 px JPEG → 640 px WebP, p50 of ${result.transformSamples}: ${result.transformP50Ms} ms (cached rendition ${result.transformCachedP50Ms} ms)`,
  );
  console.log(
    `  first rendition of a new 4000 px upload (nothing cached), p50 of ${result.coldSamples}: ${result.transformColdP50Ms} ms`,
  );
}
