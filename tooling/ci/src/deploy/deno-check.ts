/**
 * @module deploy/deno-check — type-checks every edge function the way it will be bundled: its own import
 * map (`deno.json`, picked as the CLI picks it), its `npm:` packages resolved from the registry, every
 * file it imports. A function that would not bundle or type-check stops the deploy before anything moves.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { denoBinary, importMapArgs, sharedDenoDir } from '@lanes/stack/deno';
import type { EdgeFunction } from './project.ts';

export interface CheckResult {
  name: string;
  ok: boolean;
  output: string;
}

/**
 * Type-checks every function, one `deno check` per group of functions that resolve imports the same way
 * (decision 107): each run starts Deno's TypeScript afresh, about 2 CPU-s, and Lanes' eight functions share one
 * import map. A group that fails is checked again one function at a time, so the answer names the function.
 */
export async function checkFunctions(workdir: string, functions: EdgeFunction[]): Promise<CheckResult[]> {
  const functionsDir = join(workdir, 'supabase', 'functions');
  const results: CheckResult[] = [];
  for (const group of groupByResolution(functionsDir, functions)) {
    const together = await denoCheck(functionsDir, group);
    if (together.ok || group.length === 1) {
      results.push(...group.map((fn) => ({ name: fn.name, ok: together.ok, output: together.output })));
      continue;
    }
    for (const fn of group) {
      const alone = await denoCheck(functionsDir, [fn]);
      results.push({ name: fn.name, ok: alone.ok, output: alone.output });
    }
  }
  return results;
}

/**
 * Functions whose import-map arguments are the same, or whose own `deno.json` files are the same text with no
 * `./` mapping: function folders are siblings, so such files resolve every specifier to the same place.
 * Anything else (`deno.jsonc`, a `./` mapping, a different file) is a group of its own.
 */
function groupByResolution(functionsDir: string, functions: EdgeFunction[]): EdgeFunction[][] {
  const groups = new Map<string, EdgeFunction[]>();
  for (const fn of functions) {
    const key = resolutionKey(functionsDir, fn);
    groups.set(key, [...(groups.get(key) ?? []), fn]);
  }
  return [...groups.values()];
}

function resolutionKey(functionsDir: string, fn: EdgeFunction): string {
  const args = importMapArgs(functionsDir, join(functionsDir, fn.name));
  if (args[0] !== '--config') return args.join(' ');
  const config = args[1]!;
  const text = readFileSync(config, 'utf8');
  if (config.endsWith('.jsonc') || text.includes('"./')) return `own ${fn.name}`;
  return `shared deno.json ${text}`;
}

/** One `deno check` of the functions' entry files, with Deno's cache shared with the local stacks. */
function denoCheck(functionsDir: string, group: EdgeFunction[]): Promise<{ ok: boolean; output: string }> {
  const first = join(functionsDir, group[0]!.name);
  const args = [
    'check',
    '--no-lock',
    ...importMapArgs(functionsDir, first),
    ...group.map((fn) => join(functionsDir, fn.name, 'index.ts')),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(denoBinary(), args, {
      cwd: group.length === 1 ? first : dirname(first),
      stdio: ['ignore', 'pipe', 'pipe'],
      // Inside a Node workspace Deno would otherwise adopt package.json and node_modules instead of
      // resolving `npm:` itself, as the hosted bundler does.
      env: {
        ...process.env,
        DENO_DIR: sharedDenoDir(),
        DENO_NO_PACKAGE_JSON: '1',
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
      },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}
