/**
 * The installer of the stack's SQL-only extensions: copies `.control` and `.sql` files into the binaries'
 * extension folder when missing or changed, world-readable, and nothing else; the embedded server lists
 * every one of them as available.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { extensionSourceDir, installExtensionFiles } from '../src/postgres/install-extensions.ts';
import { stackEnv } from '../src/testing.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ext-install-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function fakeBinaries(): { root: string; target: string; source: string } {
  const root = mkdtempSync(join(scratch, 'root-'));
  const target = join(root, 'share', 'postgresql', 'extension');
  mkdirSync(target, { recursive: true });
  const source = mkdtempSync(join(scratch, 'src-'));
  writeFileSync(join(source, 'demo.control'), "default_version = '1.0'\n");
  writeFileSync(
    join(source, 'demo--1.0.sql'),
    'create function demo() returns int language sql as $$ select 1 $$;\n',
  );
  writeFileSync(join(source, 'README.md'), 'not an extension file');
  return { root, target, source };
}

describe('extension files installer', () => {
  it('copies control and sql files once, readable by everyone, and skips other files', () => {
    const { root, target, source } = fakeBinaries();
    expect(installExtensionFiles(root, source)).toEqual(['demo--1.0.sql', 'demo.control']);
    expect(readdirSync(target).sort()).toEqual(['demo--1.0.sql', 'demo.control']);
    expect(statSync(join(target, 'demo.control')).mode & 0o777).toBe(0o644);
    expect(installExtensionFiles(root, source)).toEqual([]);
  });

  it('rewrites a file that changed and leaves the rest', () => {
    const { root, source } = fakeBinaries();
    installExtensionFiles(root, source);
    writeFileSync(join(source, 'demo--1.0.sql'), 'select 2;\n');
    expect(installExtensionFiles(root, source)).toEqual(['demo--1.0.sql']);
  });

  it('refuses binaries without an extension folder with a clear error', () => {
    const root = mkdtempSync(join(scratch, 'empty-'));
    expect(() => installExtensionFiles(root, fakeBinaries().source)).toThrow(/No extension folder under/);
  });

  it('makes every extension of the repo folder available to the embedded server', async () => {
    const names = readdirSync(extensionSourceDir)
      .filter((f) => f.endsWith('.control'))
      .map((f) => f.replace(/\.control$/, ''));
    const sql = postgres(stackEnv().dbUrl, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ name: string }[]>`
        select name from pg_available_extensions where name = any(${names}) order by name`;
      expect(rows.map((r) => r.name)).toEqual([...names].sort());
    } finally {
      await sql.end();
    }
  });

  it('lets pg_cron be created with schema pg_catalog or extensions, as Supabase’s docs write it', async () => {
    const sql = postgres(stackEnv().dbUrl, { max: 1, onnotice: () => {} });
    try {
      for (const schema of ['pg_catalog', 'extensions']) {
        const id = await sql
          .begin(async (tx) => {
            await tx.unsafe(`create extension pg_cron with schema ${schema}`);
            const [row] = await tx`select cron.schedule('probe', '*/5 * * * *', 'select 1') as id`;
            throw Object.assign(new Error('rollback'), { id: row!.id });
          })
          .catch((error: Error & { id?: string }) => error.id);
        expect(id, schema).toBe('1');
      }
    } finally {
      await sql.end();
    }
  });
});
