/**
 * @module scripts/js-budget — prints the gzipped JavaScript each page loads (entry + its route chain's modules
 * and their imports, from the client build's manifest) and fails when the board page exceeds its budget.
 * Run after `react-router build`: `node scripts/js-budget.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BOARD_BUDGET_KB = 150;
const client = resolve(dirname(fileURLToPath(import.meta.url)), '../build/client');
const manifestFile = readdirSync(join(client, 'assets')).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error('No client build: run `react-router build` first.');

interface Chunk {
  module: string;
  imports?: string[];
  parentId?: string;
}
const source = readFileSync(join(client, 'assets', manifestFile), 'utf8');
const manifest = JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '')) as {
  entry: Chunk;
  routes: Record<string, Chunk>;
};

function chain(id: string): Chunk[] {
  const route = manifest.routes[id];
  if (!route) throw new Error(`unknown route ${id}`);
  return route.parentId ? [...chain(route.parentId), route] : [route];
}

function gzipKb(ids: string[]): number {
  const files = new Set<string>();
  for (const chunk of [manifest.entry, ...ids.flatMap(chain)]) {
    files.add(chunk.module);
    for (const file of chunk.imports ?? []) files.add(file);
  }
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(client, file))).length;
  return Math.round(bytes / 102.4) / 10;
}

const pages: Record<string, string> = {
  '/': 'routes/home',
  '/sign-in': 'routes/auth/sign-in',
  '/w': 'routes/app/workspaces',
  '/w/:slug': 'routes/app/workspace-boards',
  '/w/:slug/b/:boardId': 'routes/app/board',
};
for (const [path, id] of Object.entries(pages))
  console.log(`${path.padEnd(22)} ${gzipKb([id])} KB gzipped JS`);
const board = gzipKb([pages['/w/:slug/b/:boardId']!]);
if (board > BOARD_BUDGET_KB) {
  console.error(`Board page ships ${board} KB > ${BOARD_BUDGET_KB} KB budget`);
  process.exit(1);
}
