/**
 * `[storage.buckets.<name>]` of config.toml, as `supabase start` and `db reset` seed them: created at
 * start, updated at the next start, `objects_path` uploaded (overwriting); a bad folder fails the start
 * loudly, before anything changes.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningStack } from '../src/index.ts';
import { startTestStack } from '../src/testing.ts';

const workdir = mkdtempSync(join(tmpdir(), 'stack-seed-buckets-'));
const dataDir = join(workdir, '.stack');
const supabaseDir = join(workdir, 'supabase');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
let stack: RunningStack | undefined;

function configure(toml: string): void {
  writeFileSync(join(supabaseDir, 'config.toml'), toml);
}

const logs: string[] = [];
const start = () =>
  startTestStack({ workdir, dataDir, log: (service, line) => logs.push(`[${service}] ${line}`) });

afterAll(async () => {
  await stack?.stop();
  rmSync(workdir, { recursive: true, force: true });
});

mkdirSync(join(supabaseDir, 'seed-files', 'nested'), { recursive: true });
writeFileSync(join(supabaseDir, 'seed-files', 'logo.png'), PNG);
writeFileSync(join(supabaseDir, 'seed-files', 'nested', 'notes.md'), '# hello');
writeFileSync(join(supabaseDir, 'seed-files', 'nested', 'data.json'), '{"a":1}');

describe('buckets from config.toml', { timeout: 120_000 }, () => {
  const admin = () => createClient(stack!.apiUrl, stack!.secretKey, { auth: { persistSession: false } });

  it('creates them at start with their settings, and uploads objects_path', async () => {
    configure(`
[storage.buckets.images]
public = true
file_size_limit = "1MiB"
allowed_mime_types = ["image/png", "text/*", "application/json"]
objects_path = "./seed-files"

[storage.buckets.private-docs]
`);
    stack = await start();
    const { data: buckets } = await admin().storage.listBuckets();
    const byId = Object.fromEntries((buckets ?? []).map((b) => [b.id, b]));
    expect(byId.images).toMatchObject({
      public: true,
      file_size_limit: 1024 * 1024,
      allowed_mime_types: ['image/png', 'text/*', 'application/json'],
    });
    expect(byId['private-docs']).toMatchObject({
      public: false,
      file_size_limit: null,
      allowed_mime_types: null,
    });

    const { data: top } = await admin().storage.from('images').list();
    expect(top?.map((o) => o.name).sort()).toEqual(['logo.png', 'nested']);
    const { data: nested } = await admin().storage.from('images').list('nested');
    expect(Object.fromEntries((nested ?? []).map((o) => [o.name, o.metadata?.mimetype]))).toEqual({
      'data.json': 'application/json',
      'notes.md': 'text/markdown; charset=utf-8',
    });
    const logo = await fetch(`${stack.apiUrl}/storage/v1/object/public/images/logo.png`);
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer())).toEqual(PNG);
    expect(logs).toContain('[storage] Creating Storage bucket: images');
  });

  it('updates them and uploads again at the next start', async () => {
    await stack!.stop();
    stack = undefined;
    writeFileSync(join(supabaseDir, 'seed-files', 'nested', 'notes.md'), '# changed');
    configure(`
[storage.buckets.images]
public = false
allowed_mime_types = ["image/png", "text/*", "application/json"]
objects_path = "./seed-files"

[storage.buckets.private-docs]
public = true
`);
    stack = await start();
    const { data: images } = await admin().storage.getBucket('images');
    // `file_size_limit` left out is left as it was, as the CLI's update leaves it out.
    expect(images).toMatchObject({ public: false, file_size_limit: 1024 * 1024 });
    expect((await admin().storage.getBucket('private-docs')).data?.public).toBe(true);
    const { data: notes } = await admin().storage.from('images').download('nested/notes.md');
    expect(await notes?.text()).toBe('# changed');
    expect(logs).toContain('[storage] Updating Storage bucket: images');
  });

  it('fails the start with the folder named when objects_path is missing, changing nothing', async () => {
    await stack!.stop();
    stack = undefined;
    configure(`
[storage.buckets.images]
public = true
objects_path = "./no-such-folder"
`);
    const failed = await start().then(
      (s) => {
        stack = s;
        return null;
      },
      (error: Error) => error.message,
    );
    expect(failed).toBe(
      `config.toml [storage.buckets.images] objects_path ${join(supabaseDir, 'no-such-folder')}: no such file or folder`,
    );
    expect(stack).toBeUndefined();
    // Nothing changed: `images` is as private as the previous start left it.
    configure('');
    stack = await start();
    expect((await admin().storage.getBucket('images')).data?.public).toBe(false);
    await stack.stop();
    stack = undefined;
  });

  it('fails the start with Storage’s own refusal for a bucket Storage refuses', async () => {
    configure(`
[storage]
file_size_limit = "1MiB"
[storage.buckets.big]
file_size_limit = "2MiB"
`);
    const failed = await start().then(
      (s) => {
        stack = s;
        return null;
      },
      (error: Error) => error.message,
    );
    expect(failed).toMatch(/^config\.toml \[storage\.buckets\]: creating big failed: /);
    expect(stack).toBeUndefined();
  });
});
