/**
 * A start that fails while booting names its cause and exits 1, never a bare crash with Node's version
 * line: faults are injected into `stack serve` with a preload module (NODE_OPTIONS reaches the process
 * `stack start` spawns), as a loaded machine produces them — a child process that cannot be spawned, and
 * an exception thrown from a callback nobody guards.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcessRunning } from '../src/util/process.ts';
import { CLI, type CliResult, type TempProject, tempProject } from './helpers/cli.ts';

/** Patches child_process.spawn in `stack serve` only; `fault` decides what happens to Postgres's watchdog. */
const preload = (fault: string) => `
import { createRequire, syncBuiltinESMExports } from 'node:module';
const cp = createRequire(import.meta.url)('node:child_process');
if (process.argv.includes('serve')) {
  const spawn = cp.spawn;
  cp.spawn = function (command, args, options) {
    const watchdog = command === 'sh' && String(args?.[1] ?? '').startsWith('exec 3<&0');
    ${fault}
    return spawn.call(this, command, args, options);
  };
  syncBuiltinESMExports();
}
`;

function startWith(project: TempProject, preloadFile: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, 'start', ...project.flags], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: `--import=${preloadFile}` },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Postgres stops by itself once the failed stack's process is gone; waits for it (with a deadline). */
async function postmasterGone(project: TempProject): Promise<boolean> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (project.postmasterPid() === null) return true;
    await sleep(50);
  }
  return false;
}

describe('stack start when the boot fails', { timeout: 120_000 }, () => {
  let project: TempProject;
  let dir: string;
  beforeAll(async () => {
    project = await tempProject();
    dir = mkdtempSync(join(tmpdir(), 'stack-boot-fault-'));
  });
  afterAll(async () => {
    await project.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a Postgres that cannot be spawned is named, with exit 1 and nothing left running', async () => {
    const file = join(dir, 'no-sh.mjs');
    writeFileSync(file, preload(`if (watchdog) command = '/nonexistent/sh-for-the-test';`));
    const result = await startWith(project, file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('The stack failed to start (exit 1)');
    expect(result.stderr).toContain(
      '[stack] boot failed: could not start postgres: spawn /nonexistent/sh-for-the-test ENOENT',
    );
    expect(result.stderr).not.toMatch(/^Node\.js v\d+/m);
    expect(result.stdout).toBe('');
    expect(existsSync(join(project.dataDir, 'state.json'))).toBe(false);
  });

  it('an exception thrown from a callback while booting is printed as the boot failure', async () => {
    const file = join(dir, 'throws.mjs');
    writeFileSync(
      file,
      preload(`if (watchdog) setImmediate(() => { throw new Error('injected: the disk went away'); });`),
    );
    const result = await startWith(project, file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\[stack\] boot failed: Error: injected: the disk went away\n\s+at /);
    expect(result.stderr).not.toMatch(/^Node\.js v\d+/m);
    expect(existsSync(join(project.dataDir, 'state.json'))).toBe(false);
    // The serve process is gone, and its Postgres follows it (the watchdog's pipe closed).
    expect(await postmasterGone(project)).toBe(true);
  });

  it('the next start without a fault starts the stack', async () => {
    const result = await project.run('start', '-o', 'json');
    expect(result.code, result.stderr).toBe(0);
    const { pid } = JSON.parse(
      (await import('node:fs')).readFileSync(join(project.dataDir, 'state.json'), 'utf8'),
    ) as { pid: number };
    expect(isProcessRunning(pid)).toBe(true);
    expect((await fetch(`http://127.0.0.1:${project.ports.api}/rest/v1/`)).status).toBeLessThan(500);
  });
});
