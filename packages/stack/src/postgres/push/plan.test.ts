/**
 * What the stack's push takes on and what it leaves to the CLI (decision 176), read from a project folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planPush } from './plan.ts';

let workdir: string;
const nothing = { versions: [], seeds: new Map<string, string>() };

function write(path: string, text: string): void {
  mkdirSync(join(workdir, path, '..'), { recursive: true });
  writeFileSync(join(workdir, path), text);
}

beforeEach(() => {
  workdir = mkdtempSync(join(tmpdir(), 'stack-push-plan-'));
  write('supabase/config.toml', '[db.seed]\nsql_paths = ["./seed.sql", "./more.sql"]\n');
  write('supabase/migrations/20260101000000_one.sql', 'create table a (id int);');
  write('supabase/migrations/20260102000000_two_words.sql', 'create table b (id int);');
  write('supabase/migrations/notes.md', 'not a migration');
  write('supabase/seed.sql', 'insert into a values (1);');
});

afterEach(() => {
  rmSync(workdir, { recursive: true, force: true });
});

describe('planPush', () => {
  it('lists pending files after the recorded ones, and seeds that exist and changed', () => {
    const plan = planPush(workdir, { versions: ['20260101000000'], seeds: new Map() }, true);
    expect(plan).toMatchObject({
      migrations: [{ version: '20260102000000', name: 'two_words', statements: ['create table b (id int)'] }],
      // more.sql does not exist: skipped, as the CLI skips it.
      seeds: [{ path: 'supabase/seed.sql', dirty: false, statements: ['insert into a values (1)'] }],
    });
  });

  it('only updates the hash of a seed recorded with another one, and skips one recorded as it is', () => {
    const recorded = { versions: [], seeds: new Map([['supabase/seed.sql', 'another hash']]) };
    expect(planPush(workdir, recorded, true)).toMatchObject({
      seeds: [{ path: 'supabase/seed.sql', dirty: true, statements: [] }],
    });
    const fresh = planPush(workdir, nothing, true) as { seeds: { hash: string }[] };
    const same = { versions: [], seeds: new Map([['supabase/seed.sql', fresh.seeds[0]?.hash ?? '']]) };
    expect(planPush(workdir, same, true)).toMatchObject({ seeds: [] });
  });

  it('leaves to the CLI what it does not do exactly as the CLI', () => {
    expect(planPush(workdir, { versions: ['20260102000000'], seeds: new Map() }, false)).toHaveProperty(
      'cli',
    );
    write(
      'supabase/migrations/20260103000000_tx.sql',
      '-- own transaction\nbegin;\ncreate table c (id int);\ncommit;',
    );
    expect(planPush(workdir, nothing, false)).toHaveProperty('cli');
  });

  it('leaves Vault secrets from config.toml and seed globs to the CLI', () => {
    write('supabase/config.toml', '[db.vault]\nsecret = "x"\n');
    expect(planPush(workdir, nothing, false)).toHaveProperty('cli');
    write('supabase/config.toml', '[db.seed]\nsql_paths = ["./seeds/*.sql"]\n');
    expect(planPush(workdir, nothing, true)).toHaveProperty('cli');
    expect(planPush(workdir, nothing, false)).toMatchObject({ migrations: [{}, {}], seeds: [] });
  });
});
