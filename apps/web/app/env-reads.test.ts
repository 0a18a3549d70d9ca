/**
 * The app reads its environment in env.server.ts only (STYLE.md): a new `process.env` read anywhere else
 * in app/ fails here, naming the file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const APP = import.meta.dirname;
const READS = /\bprocess\s*\.\s*env\b|\bprocess\s*\[|from\s+['"](node:)?process['"]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

it('reads process.env in env.server.ts and nowhere else in app/', () => {
  const files = sourceFiles(APP);
  expect(files.length).toBeGreaterThan(20);
  const readers = files
    .filter((file) => READS.test(readFileSync(file, 'utf8')))
    .map((file) => relative(APP, file));
  expect(readers).toEqual(['env.server.ts']);
});
