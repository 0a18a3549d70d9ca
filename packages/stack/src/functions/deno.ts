/**
 * @module functions/deno — where the Deno binary is and how a worker for one function is launched:
 * arguments (permissions, import map), and the process environment (function env + what Deno needs).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { NETWORK_VARS, stackEnvironment } from '../env.ts';

const require = createRequire(import.meta.url);

let cachedBinary: string | undefined;

/**
 * The `deno` executable of the npm package `deno`: its install script hard-links the platform binary next
 * to its package.json; when that failed (read-only store) its own installer resolves the platform package.
 */
export function denoBinary(): string {
  if (cachedBinary) return cachedBinary;
  const dir = dirname(require.resolve('deno/package.json'));
  const exe = join(dir, process.platform === 'win32' ? 'deno.exe' : 'deno');
  if (existsSync(exe)) cachedBinary = exe;
  else cachedBinary = (require(join(dir, 'install_api.cjs')) as { runInstall(): string }).runInstall();
  return cachedBinary;
}

/**
 * Deno's module cache (npm packages, compiled modules) is shared by every stack on this machine, as Deno's
 * own default cache is: throwaway test stacks then download `npm:` packages once, not on every run, and
 * Deno locks the cache for concurrent processes. `STACK_DENO_DIR` moves it. The deploy's type-check
 * (tooling/ci) reads the same cache.
 */
export function sharedDenoDir(): string {
  return stackEnvironment().STACK_DENO_DIR ?? join(tmpdir(), 'lanes-stack-deno');
}

export const BOOTSTRAP = fileURLToPath(new URL('./bootstrap.ts', import.meta.url));

export interface LaunchPlan {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/** A CA bundle the host trusts (a corporate proxy's), given to Deno as `--cert` so no variable leaks. */
function caArgs(): string[] {
  const host = stackEnvironment();
  const file = host.DENO_CERT ?? host.NODE_EXTRA_CA_CERTS ?? host.SSL_CERT_FILE;
  return file && existsSync(file) ? ['--cert', file] : [];
}

/**
 * The import map a function resolves with, as the CLI picks it: the function folder's own `deno.json`
 * (or `deno.jsonc`), else the legacy shared `supabase/functions/import_map.json`, else none.
 */
export function importMapArgs(functionsDir: string, functionDir: string): string[] {
  for (const file of ['deno.json', 'deno.jsonc']) {
    const path = join(functionDir, file);
    if (existsSync(path)) return ['--config', path];
  }
  const legacy = join(functionsDir, 'import_map.json');
  if (existsSync(legacy)) return ['--no-config', '--import-map', legacy];
  return ['--no-config'];
}

/**
 * What Deno needs at start-up (its cache, no package.json adoption, no colour) plus the host's network
 * variables; `internal` lists the names the bootstrap hides from the function again.
 */
function denoEnv(denoDir: string): { env: Record<string, string>; internal: string[] } {
  const internal: Record<string, string> = {
    DENO_DIR: denoDir,
    // The fixture and app projects live inside a Node workspace: without this Deno would adopt the
    // workspace's package.json and node_modules instead of resolving `npm:` specifiers itself.
    DENO_NO_PACKAGE_JSON: '1',
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
  const host = stackEnvironment();
  for (const name of ['HOME', 'PATH'] as const) {
    const value = host[name];
    if (value !== undefined) internal[name] = value;
  }
  // The host's network variables stay visible to the function: Deno reads them lazily, when a function
  // first loads an npm package or fetches, and hiding them would break the download.
  const network: Record<string, string> = {};
  for (const name of NETWORK_VARS) {
    const value = host[name];
    if (value !== undefined) network[name] = value;
  }
  return { env: { ...network, ...internal }, internal: Object.keys(internal) };
}

/**
 * `deno cache` of a function's module graph with the flags its worker will run with: downloads its npm
 * packages into the shared cache before the first boot (see prefetch.ts).
 */
export function cachePlan(options: { functionsDir: string; name: string; denoDir: string }): LaunchPlan {
  const functionDir = join(options.functionsDir, options.name);
  return {
    command: denoBinary(),
    args: [
      'cache',
      '--no-lock',
      ...caArgs(),
      ...importMapArgs(options.functionsDir, functionDir),
      pathToFileURL(join(functionDir, 'index.ts')).href,
    ],
    env: denoEnv(options.denoDir).env,
    cwd: functionDir,
  };
}

export function launchPlan(options: {
  functionsDir: string;
  name: string;
  env: Record<string, string>;
  denoDir: string;
  /** The bound on `EdgeRuntime.waitUntil` work (the bootstrap reads it, then hides it). */
  wallClockMs?: number;
}): LaunchPlan {
  const functionDir = join(options.functionsDir, options.name);
  const entrypoint = pathToFileURL(join(functionDir, 'index.ts')).href;
  // What Deno needs at start-up; hidden from the function by the bootstrap, as the edge runtime hides
  // the host's OS variables.
  const deno = denoEnv(options.denoDir);
  return {
    command: denoBinary(),
    args: [
      'run',
      '--no-prompt',
      // Never write a lockfile into the project: it would trigger the watcher and reload the function.
      '--no-lock',
      // What the edge runtime grants user code: network, env, file reads/writes; no subprocesses or FFI.
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--allow-write',
      '--allow-sys',
      ...caArgs(),
      ...importMapArgs(options.functionsDir, functionDir),
      BOOTSTRAP,
      entrypoint,
    ],
    env: {
      ...deno.env,
      ...options.env,
      STACK_WORKER_WALL_CLOCK_MS: String(options.wallClockMs ?? 150_000),
      STACK_WORKER_HIDE: [...deno.internal, 'STACK_WORKER_WALL_CLOCK_MS'].join(','),
    },
    cwd: functionDir,
  };
}
