/**
 * Resumable uploads across a stack restart: the partial upload lives in the data dir, so a client that
 * lost the stack mid-upload resumes at the same URL once it is back, from the offset it had reached.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import * as tus from 'tus-js-client';
import { afterAll, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { startTestStack } from '../src/testing.ts';
import { freePort } from '../src/util/ports.ts';

const workdir = fileURLToPath(new URL('./fixtures/project', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'stack-tus-restart-'));
let stack: RunningStack | undefined;

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const headers = (s: RunningStack) => ({
  'tus-resumable': '1.0.0',
  apikey: s.anonKey,
  authorization: `Bearer ${s.serviceRoleKey}`,
});

it('resumes an upload begun before the stack restarted, at the same URL', async () => {
  const ports = { api: await freePort(), db: await freePort(), inbox: await freePort() };
  stack = await startTestStack({ workdir, dataDir, ports });
  const data = randomBytes(96 * 1024);
  const name = `shared/restart-${Date.now()}.bin`;
  const created = await fetch(`${stack.apiUrl}/storage/v1/upload/resumable`, {
    method: 'POST',
    headers: {
      ...headers(stack),
      'upload-length': String(data.length),
      'upload-metadata': `bucketName ${Buffer.from('public-assets').toString('base64')},objectName ${Buffer.from(name).toString('base64')}`,
    },
  });
  expect(created.status).toBe(201);
  const url = created.headers.get('location')!;
  const first = await fetch(url, {
    method: 'PATCH',
    headers: { ...headers(stack), 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    body: new Uint8Array(data.subarray(0, 40 * 1024)),
  });
  expect(first.status).toBe(204);

  await stack.stop();
  stack = await startTestStack({ workdir, dataDir, ports });
  const s = stack;

  const head = await fetch(url, { method: 'HEAD', headers: headers(s) });
  expect(head.headers.get('upload-offset')).toBe(String(40 * 1024));
  await new Promise<void>((resolve, reject) => {
    new tus.Upload(data, {
      uploadUrl: url,
      retryDelays: null,
      headers: { apikey: s.anonKey, authorization: `Bearer ${s.serviceRoleKey}` },
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
  const client = createClient(s.apiUrl, s.serviceRoleKey, { auth: { persistSession: false } });
  const { data: file, error } = await client.storage.from('public-assets').download(name);
  expect(error).toBeNull();
  expect(Buffer.from(await file!.arrayBuffer()).equals(data)).toBe(true);
});
