/**
 * @module deploy/deno-check — type-checks every edge function the way it will be bundled: its own import
 * map (`deno.json`, picked as the CLI picks it), its `npm:` packages resolved from the registry, every
 * file it imports. A function that would not bundle or type-check stops the deploy before anything moves.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { denoBinary, importMapArgs, sharedDenoDir } from '@lanes/stack/deno';
import type { EdgeFunction } from './project.ts';

export interface CheckResult {
  name: string;
  ok: boolean;
  output: string;
}

/** Type-checks one function with Deno's cache shared with the local stacks (`STACK_DENO_DIR`). */
export function checkFunction(workdir: string, fn: EdgeFunction): Promise<CheckResult> {
  const functionsDir = join(workdir, 'supabase', 'functions');
  const functionDir = join(functionsDir, fn.name);
  const args = [
    'check',
    '--no-lock',
    ...importMapArgs(functionsDir, functionDir),
    join(functionDir, 'index.ts'),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(denoBinary(), args, {
      cwd: functionDir,
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
    child.on('close', (code) => resolve({ name: fn.name, ok: code === 0, output }));
  });
}
