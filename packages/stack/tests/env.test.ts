/**
 * The stack's environment (decision 174): its variables parsed in env.ts with readable errors for bad
 * values, and no other module in src/ reading `process.env` (a new read fails here, naming the file).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnvironment } from '../src/env.ts';

const SRC = join(import.meta.dirname, '..', 'src');
const READS = /\bprocess\s*\.\s*env\b|\bprocess\s*\[|from\s+['"](node:)?process['"]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the stack environment', () => {
  it('is read in env.ts and nowhere else in src/', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(50);
    const readers = files
      .filter((file) => READS.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file));
    expect(readers).toEqual(['env.ts']);
  });

  it('takes unset and empty variables as their defaults', () => {
    const parsed = parseEnvironment({ STACK_DEBUG: '', STACK_LOG_FILE: '', STACK_FUNCTION_TIMEOUT_MS: '' });
    expect(parsed.STACK_DEBUG).toBe(false);
    expect(parsed.STACK_NO_TEMPLATE).toBe(false);
    expect(parsed.STACK_LOG_FILE).toBeUndefined();
    expect(parsed.STACK_FUNCTION_TIMEOUT_MS).toBeUndefined();
    expect(parsed.STACK_DENO_DIR).toBeUndefined();
  });

  it('parses the values it is given', () => {
    const parsed = parseEnvironment({
      STACK_DEBUG: '1',
      STACK_NO_TEMPLATE: 'yes',
      STACK_FUNCTION_TIMEOUT_MS: '2000',
      STACK_DENO_DIR: '/tmp/deno',
      HTTPS_PROXY: 'http://proxy:3128',
      UNRELATED: 'ignored',
    });
    expect(parsed).toMatchObject({
      STACK_DEBUG: true,
      STACK_NO_TEMPLATE: true,
      STACK_FUNCTION_TIMEOUT_MS: 2000,
      STACK_DENO_DIR: '/tmp/deno',
      HTTPS_PROXY: 'http://proxy:3128',
    });
    expect(parsed).not.toHaveProperty('UNRELATED');
  });

  it('names every bad variable in one error', () => {
    expect(() => parseEnvironment({ STACK_FUNCTION_TIMEOUT_MS: 'soon' })).toThrow(
      /Invalid environment for the stack:\n {2}STACK_FUNCTION_TIMEOUT_MS: must be a number of milliseconds/,
    );
    expect(() => parseEnvironment({ STACK_FUNCTION_TIMEOUT_MS: '0' })).toThrow(
      /STACK_FUNCTION_TIMEOUT_MS: must be more than 0/,
    );
    expect(() => parseEnvironment({ STACK_FUNCTION_TIMEOUT_MS: '1.5' })).toThrow(
      /STACK_FUNCTION_TIMEOUT_MS: must be a whole number of milliseconds/,
    );
  });
});
