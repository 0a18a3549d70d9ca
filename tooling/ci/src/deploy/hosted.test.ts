import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostedDbUrl } from './hosted.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('hostedDbUrl', () => {
  it('uses the pooler `supabase link` recorded, with the password added and encoded', () => {
    const workdir = mkdtempSync(join(tmpdir(), 'hosted-'));
    dirs.push(workdir);
    mkdirSync(join(workdir, 'supabase', '.temp'), { recursive: true });
    writeFileSync(
      join(workdir, 'supabase', '.temp', 'pooler-url'),
      'postgresql://postgres.abcdefghijklmnopqrst@aws-0-eu-central-1.pooler.supabase.com:5432/postgres\n',
    );
    expect(hostedDbUrl(workdir, 'abcdefghijklmnopqrst', 'p@ss word')).toBe(
      'postgresql://postgres.abcdefghijklmnopqrst:p%40ss%20word@aws-0-eu-central-1.pooler.supabase.com:5432/postgres',
    );
  });

  it('falls back to the direct host when link recorded no pooler', () => {
    const workdir = mkdtempSync(join(tmpdir(), 'hosted-'));
    dirs.push(workdir);
    expect(hostedDbUrl(workdir, 'abcdefghijklmnopqrst', 'pw')).toBe(
      'postgresql://postgres:pw@db.abcdefghijklmnopqrst.supabase.co:5432/postgres',
    );
  });
});
