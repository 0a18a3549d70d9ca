/**
 * @module run-deploy — runs `deploy-backend.ts` as CI does (its own Node process), from a clean HOME and an
 * environment holding only what the test passes, so no developer's credentials leak in.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../src/deploy-backend.ts', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'lanes-deploy-home-'));

export interface DeployRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function runDeploy(args: string[], env: Record<string, string> = {}): Promise<DeployRun> {
  const inherited: Record<string, string> = {};
  for (const name of [
    'PATH',
    'STACK_DENO_DIR',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'NO_PROXY',
    'NODE_EXTRA_CA_CERTS',
  ]) {
    const value = process.env[name];
    if (value !== undefined) inherited[name] = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...inherited, HOME: home, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
