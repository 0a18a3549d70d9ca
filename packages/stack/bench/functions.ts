/**
 * @module bench/functions — Edge Functions latency on an isolated stack over a copy of the fixture project:
 * warm invoke p50/p99, cold start (first request spawns Deno), and the first answer after a code change.
 *
 * Run: `node bench/functions.ts` from packages/stack.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { startTestStack } from '../src/testing.ts';
import { percentile, round, timed } from './lib.ts';

export interface FunctionsBench {
  warmP50Ms: number;
  warmP99Ms: number;
  warmSamples: number;
  coldStartMs: number;
  coldStartNpmMs: number;
  reloadMedianMs: number;
  reloadMaxMs: number;
}

export async function benchFunctions(warmSamples = 300, reloads = 5): Promise<FunctionsBench> {
  const fixture = fileURLToPath(new URL('../tests/fixtures/project', import.meta.url));
  const workdir = mkdtempSync(join(tmpdir(), 'stack-bench-functions-'));
  cpSync(fixture, workdir, { recursive: true });
  const stack = await startTestStack({ workdir });
  try {
    const supabase = createClient(stack.apiUrl, stack.anonKey);
    const invoke = async (name: string, body: Record<string, unknown>) => {
      const { data, error } = await supabase.functions.invoke(name, { body });
      if (error) throw error;
      return data;
    };

    const coldStartMs = await timed(() => invoke('echo', { n: 0 }));
    // `shared` loads zod from npm; the Deno cache is fresh in this data dir, so this includes the download.
    const coldStartNpmMs = await timed(() => invoke('shared', { name: 'bench' }));

    const samples: number[] = [];
    for (let i = 0; i < warmSamples; i++) samples.push(await timed(() => invoke('echo', { n: i })));
    samples.sort((a, b) => a - b);

    const file = join(workdir, 'supabase', 'functions', 'echo', 'index.ts');
    const original = readFileSync(file, 'utf8');
    const reloadTimes: number[] = [];
    for (let i = 1; i <= reloads; i++) {
      const marker = `reload-${i}`;
      const t0 = performance.now();
      writeFileSync(
        file,
        original.replace('method: req.method,', `method: req.method, marker: '${marker}',`),
      );
      for (;;) {
        const data = await invoke('echo', {});
        if (data.marker === marker) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      reloadTimes.push(performance.now() - t0);
    }
    reloadTimes.sort((a, b) => a - b);

    return {
      warmP50Ms: round(percentile(samples, 50)),
      warmP99Ms: round(percentile(samples, 99)),
      warmSamples,
      coldStartMs: round(coldStartMs),
      coldStartNpmMs: round(coldStartNpmMs),
      reloadMedianMs: round(percentile(reloadTimes, 50)),
      reloadMaxMs: round(reloadTimes.at(-1) ?? Number.NaN),
    };
  } finally {
    await stack.stop();
    rmSync(workdir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchFunctions();
  console.log('Edge Functions');
  console.log(
    `  warm invoke (echo, ${result.warmSamples} sequential): p50 ${result.warmP50Ms} ms, p99 ${result.warmP99Ms} ms`,
  );
  console.log(`  cold start (first request, Deno spawn): ${result.coldStartMs} ms`);
  console.log(
    `  cold start with an npm import (fresh cache, includes download): ${result.coldStartNpmMs} ms`,
  );
  console.log(
    `  first answer after a code change (save → new code answers): median ${result.reloadMedianMs} ms, max ${result.reloadMaxMs} ms`,
  );
}
