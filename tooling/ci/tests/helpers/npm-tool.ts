/**
 * @module npm-tool — installs a tool from the npm registry (a pnpm release, a Node binary) into its own
 * prefix under the OS temp folder, as a newcomer's machine would get it; later runs reuse the prefix.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Installs `spec` (e.g. `pnpm@10`) into `<tmp>/lanes-ci-tools/<key>` unless already there; returns the prefix. */
export function npmInstallTool(spec: string, key: string, refresh = false): string {
  const prefix = join(tmpdir(), 'lanes-ci-tools', key);
  if (!refresh && existsSync(join(prefix, 'node_modules'))) return prefix;
  mkdirSync(prefix, { recursive: true });
  execFileSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', spec],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return prefix;
}
