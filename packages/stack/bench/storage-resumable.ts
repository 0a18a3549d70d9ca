/**
 * @module bench/storage-resumable — resumable (TUS) upload throughput beside a plain upload of the same
 * bytes: a 20 MiB file through tus-js-client in 6 MiB chunks (the chunk size Supabase's docs give), in
 * one PATCH, and through supabase-js's `upload`; medians in MB/s. The stack runs in a child process
 * (see storage.ts), so client and server do not share an event loop.
 *
 * Run: `node bench/storage-resumable.ts` from packages/stack (also part of `pnpm bench storage`).
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import * as tus from 'tus-js-client';
import { median, round, timed } from './lib.ts';
import { spawnStack } from './storage.ts';

const SIZE = 20 * 1024 * 1024;

function tusUpload(
  apiUrl: string,
  key: string,
  data: Buffer,
  name: string,
  chunkSize?: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    new tus.Upload(data, {
      endpoint: `${apiUrl}/storage/v1/upload/resumable`,
      ...(chunkSize ? { chunkSize } : {}),
      retryDelays: null,
      headers: { authorization: `Bearer ${key}`, apikey: key, 'x-upsert': 'true' },
      metadata: { bucketName: 'public-assets', objectName: name, contentType: 'application/octet-stream' },
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
}

export async function benchResumableUploads(samples = 5) {
  const stack = await spawnStack();
  try {
    const data = randomBytes(SIZE);
    const bucket = createClient(stack.apiUrl, stack.serviceRoleKey, {
      auth: { persistSession: false },
    }).storage.from('public-assets');
    const chunked: number[] = [];
    const single: number[] = [];
    const plain: number[] = [];
    for (let i = 0; i < samples; i++) {
      chunked.push(
        await timed(() =>
          tusUpload(stack.apiUrl, stack.serviceRoleKey, data, `bench/tus-${i}.bin`, 6 * 1024 * 1024),
        ),
      );
      single.push(
        await timed(() => tusUpload(stack.apiUrl, stack.serviceRoleKey, data, `bench/tus1-${i}.bin`)),
      );
      plain.push(
        await timed(async () => {
          const { error } = await bucket.upload(`bench/plain-${i}.bin`, data, { upsert: true });
          if (error) throw error;
        }),
      );
    }
    const mbps = (ms: number) => round(SIZE / 1024 / 1024 / (ms / 1000));
    return [
      { name: 'resumable 20 MiB, 6 MiB chunks', value: mbps(median(chunked)), unit: 'MB/s' },
      { name: 'resumable 20 MiB, one PATCH', value: mbps(median(single)), unit: 'MB/s' },
      { name: 'plain upload 20 MiB', value: mbps(median(plain)), unit: 'MB/s' },
      { name: 'resumable samples', value: samples, unit: '' },
    ];
  } finally {
    const exited = new Promise((resolve) => stack.child.once('exit', resolve));
    stack.child.kill('SIGTERM');
    await exited;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const row of await benchResumableUploads()) console.log(`${row.name}: ${row.value} ${row.unit}`);
}
