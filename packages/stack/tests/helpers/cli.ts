/** @module tests/helpers/cli — runs the stack CLI as a child process on a temp project with free ports. */
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/util/ports.ts';
import { isProcessRunning } from '../../src/util/process.ts';

export const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url));
const FIXTURE_CONFIG = fileURLToPath(new URL('../fixtures/project/supabase/config.toml', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface TempProject {
  workdir: string;
  dataDir: string;
  ports: { api: number; db: number; inbox: number };
  /** The flags that point the CLI at this project and its ports. */
  flags: string[];
  run(...args: string[]): Promise<CliResult>;
  /** The postmaster's pid while one runs for this project, else null. */
  postmasterPid(): number | null;
  /** Stops whatever is left and removes the folder. */
  cleanup(): Promise<void>;
}

export function runCli(args: string[], timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * A project folder with the fixture's config.toml, the given migrations and seed, a data dir inside it,
 * and free ports. Only config.toml is copied, so the test does not depend on other suites' migrations.
 */
export async function tempProject(files: { migrations?: Record<string, string>; seed?: string } = {}) {
  const workdir = mkdtempSync(join(tmpdir(), 'stack-cli-'));
  mkdirSync(join(workdir, 'supabase', 'migrations'), { recursive: true });
  copyFileSync(FIXTURE_CONFIG, join(workdir, 'supabase', 'config.toml'));
  for (const [name, sql] of Object.entries(files.migrations ?? {})) {
    writeFileSync(join(workdir, 'supabase', 'migrations', name), sql);
  }
  writeFileSync(join(workdir, 'supabase', 'seed.sql'), files.seed ?? '');
  const dataDir = join(workdir, '.stack');
  const ports = { api: await freePort(), db: await freePort(), inbox: await freePort() };
  const flags = [
    '--workdir',
    workdir,
    '--data-dir',
    dataDir,
    '--port',
    String(ports.api),
    '--db-port',
    String(ports.db),
    '--inbox-port',
    String(ports.inbox),
  ];
  const project: TempProject = {
    workdir,
    dataDir,
    ports,
    flags,
    run: (...args) => runCli([...args, ...flags]),
    postmasterPid() {
      const file = join(dataDir, 'db', 'postmaster.pid');
      if (!existsSync(file)) return null;
      const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
      return isProcessRunning(pid) ? pid : null;
    },
    async cleanup() {
      await runCli(['stop', ...flags]);
      rmSync(workdir, { recursive: true, force: true });
    },
  };
  return project;
}
