/**
 * @module bench/js-size — gzipped JavaScript of the board route from the client build: what the first paint
 * needs (entry + the route chain's modules and their static imports, from React Router's manifest) and what
 * the board loads right after hydration (its `import()` of the live module and that chunk's own imports).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  module: string;
  imports?: string[];
  parentId?: string;
}

export interface JsSize {
  initialKb: number;
  afterHydrationKb: number;
  files: number;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

export function measureBoardJs(clientDir: string, routeId = 'routes/app/board'): JsSize {
  const assets = join(clientDir, 'assets');
  const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error('No client build: run `react-router build` first.');
  const source = readFileSync(join(assets, manifestFile), 'utf8');
  const manifest = JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, '')) as {
    entry: Chunk;
    routes: Record<string, Chunk>;
  };
  const chain: Chunk[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`unknown route ${id}`);
    chain.unshift(route);
  }
  // With every route in the first load's manifest (decision 119) the page modulepreloads the manifest too.
  const initial = new Set<string>([`/assets/${manifestFile}`]);
  for (const chunk of [manifest.entry, ...chain]) {
    initial.add(chunk.module);
    for (const file of chunk.imports ?? []) initial.add(file);
  }
  const size = (files: Iterable<string>) => {
    let bytes = 0;
    for (const file of files) bytes += gzipSync(readFileSync(join(clientDir, file))).length;
    return bytes;
  };

  // The lazy live module: every chunk reachable from `live-code-*.js` that the first paint did not load.
  const live = readdirSync(assets).find((f) => /^live-code-.*\.js$/.test(f));
  const later = new Set<string>();
  const queue = live ? [`/assets/${live}`] : [];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (initial.has(file) || later.has(file)) continue;
    later.add(file);
    const code = readFileSync(join(clientDir, file), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g))
      queue.push(`/assets/${match[1]}`);
  }
  return { initialKb: kb(size(initial)), afterHydrationKb: kb(size(later)), files: initial.size };
}
