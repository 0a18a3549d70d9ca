/**
 * `[edge_runtime.secrets]` read as the Supabase CLI reads it (functions/secrets.ts): env() references, the
 * `.env` files the CLI loads to resolve them and their order, what is left out, and the config refused
 * with the key named before anything starts.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { configEnv, edgeRuntimeSecrets } from '../src/functions/secrets.ts';
import { startTestStack } from '../src/testing.ts';
import { makeProject } from './helpers/project.ts';

const made: string[] = [];
const project = (toml: string, files: Record<string, string> = {}) => {
  const dir = makeProject(toml, files);
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('edgeRuntimeSecrets', () => {
  it('upper-cases names, resolves env(), leaves out unset, empty and SUPABASE_ names', () => {
    const result = edgeRuntimeSecrets(
      {
        api_key: 'literal',
        token: 'env(TOKEN_VAR)',
        missing: 'env(MISSING_VAR)',
        blank: 'env(BLANK_VAR)',
        empty: '',
        supabase_thing: 'x',
        'not env(X)': 'env(X) with more',
      },
      { TOKEN_VAR: 'from env', BLANK_VAR: '' },
    );
    expect(result.secrets).toEqual({
      API_KEY: 'literal',
      TOKEN: 'from env',
      'NOT ENV(X)': 'env(X) with more',
    });
    expect(result.notices).toEqual([
      'config.toml: [edge_runtime.secrets] missing = "env(MISSING_VAR)": MISSING_VAR is not set, so MISSING is left out',
      'config.toml: [edge_runtime.secrets] blank = "env(BLANK_VAR)": BLANK_VAR is not set, so BLANK is left out',
      'config.toml: [edge_runtime.secrets] names cannot start with SUPABASE_, skipped SUPABASE_THING',
    ]);
  });

  it('leaves out dotenvx-encrypted values with a notice', () => {
    const result = edgeRuntimeSecrets({ sealed: 'encrypted:BDqDBibm' }, {});
    expect(result.secrets).toEqual({});
    expect(result.notices[0]).toContain('SEALED is left out');
  });

  it('refuses values that are not strings, naming the key', () => {
    expect(() => edgeRuntimeSecrets({ port: 5432 }, {})).toThrow(
      'config.toml: [edge_runtime.secrets] port must be a string, not a number',
    );
    expect(() => edgeRuntimeSecrets({ list: ['a'] }, {})).toThrow(
      'config.toml: [edge_runtime.secrets] list must be a string, not an array',
    );
    expect(() => edgeRuntimeSecrets({ nested: { a: 'b' } }, {})).toThrow(
      'config.toml: [edge_runtime.secrets] nested must be a string, not a table',
    );
    expect(() => edgeRuntimeSecrets('x=y', {})).toThrow(
      'config.toml: [edge_runtime.secrets] must be a table of NAME = "value" pairs',
    );
    expect(() => edgeRuntimeSecrets({ 'A=B': 'v' }, {})).toThrow(
      'config.toml: [edge_runtime.secrets] "A=B" is not a valid environment variable name',
    );
  });
});

describe('configEnv', () => {
  it('reads the .env files the CLI loads, the environment and the first file winning', () => {
    const dir = project('', {
      '.env': 'A=supabase/.env\nB=supabase/.env\nC=supabase/.env\n',
      '.env.local': 'B=supabase/.env.local\n',
      '.env.development.local': 'C=supabase/.env.development.local\n',
      '../.env': 'C=project .env\nD=project .env\n',
    });
    const env = configEnv(join(dir, 'supabase'), dir, { A: 'process' });
    expect([env.A, env.B, env.C, env.D]).toEqual([
      'process',
      'supabase/.env.local',
      'supabase/.env.development.local',
      'project .env',
    ]);
  });

  it('follows SUPABASE_ENV, and skips .env.local for test', () => {
    const dir = project('', {
      '.env.local': 'A=local\n',
      '.env.test': 'A=test\nB=test\n',
      '.env.staging': 'B=staging\n',
    });
    const supabaseDir = join(dir, 'supabase');
    expect(configEnv(supabaseDir, dir, { SUPABASE_ENV: 'test' }).A).toBe('test');
    expect(configEnv(supabaseDir, dir, { SUPABASE_ENV: 'staging' }).B).toBe('staging');
  });
});

describe('loadConfig', () => {
  it('gives functions the secrets, with env() resolved from supabase/.env', () => {
    const dir = project('[edge_runtime.secrets]\nfrom_file = "env(STACK_SECRETS_UNIT_VAR)"\n', {
      '.env': 'STACK_SECRETS_UNIT_VAR=value from supabase/.env\n',
    });
    expect(loadConfig(dir).edgeRuntime.secrets).toEqual({ FROM_FILE: 'value from supabase/.env' });
  });

  it('refuses a bad secret before anything starts, naming the key', async () => {
    const dir = project('[edge_runtime.secrets]\nport = 5432\n');
    expect(() => loadConfig(dir)).toThrow(
      'config.toml: [edge_runtime.secrets] port must be a string, not a number',
    );
    const dataDir = join(mkdtempSync(join(tmpdir(), 'stack-secrets-')), 'data');
    made.push(dataDir);
    await expect(startTestStack({ workdir: dir, dataDir })).rejects.toThrow(
      'config.toml: [edge_runtime.secrets] port must be a string, not a number',
    );
    expect(existsSync(dataDir)).toBe(false);
  });
});
