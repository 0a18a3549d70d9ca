import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FUNCTION_SECRETS } from './env.ts';
import { edgeFunctions, localMigrations } from './project.ts';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

describe('the project as the deploy sees it', () => {
  it('deploys every function folder, with verify_jwt from config.toml', () => {
    const config = readFileSync(`${repoRoot}/supabase/config.toml`, 'utf8');
    const folders = readdirSync(`${repoRoot}/supabase/functions`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name);
    const functions = edgeFunctions(repoRoot);
    expect(functions.map((fn) => fn.name)).toEqual(folders.sort());
    for (const fn of functions) {
      const setting = new RegExp(`\\[functions\\.${fn.name}\\]\\s*\\nverify_jwt = (true|false)`).exec(config);
      expect(fn.verifyJwt).toBe(setting ? setting[1] === 'true' : true);
    }
  });

  it('sets exactly the LANES_ secrets the functions read', () => {
    const env = readFileSync(`${repoRoot}/supabase/functions/_shared/env.ts`, 'utf8');
    const read = [...new Set(env.match(/\bLANES_[A-Z_]+/g))].sort();
    expect([...FUNCTION_SECRETS].sort()).toEqual(read);
  });

  it('reads migrations in the order the CLI applies them', () => {
    const versions = localMigrations(repoRoot).map((m) => m.version);
    expect(versions.length).toBeGreaterThan(0);
    expect(versions).toEqual([...versions].sort());
  });
});
