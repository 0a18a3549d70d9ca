/**
 * @module functions/prefetch — downloads a function's npm packages (`deno cache` of its entrypoint) before
 * its worker first boots, one download at a time on the machine, so a cold cache cannot fail a boot.
 *
 * Why: on a brand-new machine, test files and stacks booting functions at the same moment each let Deno
 * fetch the same packages into the shared cache while loading user code; those boots failed (503
 * BOOT_ERROR) where a warm rerun passed. Fetching first, under a machine-wide lock, makes the first boot
 * the same as every later one.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { LockTimeout, withFileLock } from '../util/file-lock.ts';
import type { LaunchPlan } from './deno.ts';
import { BootError, denoError } from './worker.ts';

export interface PrefetchOptions {
  /** The lock every stack on the machine shares: in the Deno cache it protects. */
  denoDir: string;
  /** Bound on waiting for the lock, and again on the download itself. */
  timeoutMs: number;
  log(line: string): void;
}

/** Runs `plan` (a `deno cache`), resolving when the module graph is in the cache; BootError otherwise. */
export async function prefetch(plan: LaunchPlan, options: PrefetchOptions): Promise<void> {
  const seconds = Math.round(options.timeoutMs / 1000);
  // On a brand-new machine the cache does not exist yet; the lock lives inside it.
  mkdirSync(options.denoDir, { recursive: true });
  try {
    await withFileLock(join(options.denoDir, 'stack-fetch.lock'), options.timeoutMs, () =>
      run(plan, options, seconds),
    );
  } catch (error) {
    if (error instanceof LockTimeout) {
      throw new BootError(`another process kept fetching dependencies for more than ${seconds} s`);
    }
    throw error;
  }
}

function run(plan: LaunchPlan, options: PrefetchOptions, seconds: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(plan.command, plan.args, {
      cwd: plan.cwd,
      env: plan.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Deno reports downloads and errors on stderr: all of it goes to the stack's log, the error also
    // into the BootError the caller sees.
    const output: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        options.log(line);
      });
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new BootError(`fetching dependencies did not finish within ${seconds} s`));
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new BootError(`could not run deno cache: ${error.message}`));
    });
    // 'close', not 'exit': every line of output has been read by then.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new BootError(denoError(output) ?? `deno cache exited (${signal ?? `code ${code}`})`));
    });
  });
}
