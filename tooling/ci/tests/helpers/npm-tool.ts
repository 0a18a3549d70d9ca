/**
 * @module npm-tool — installs a tool from the npm registry (a pnpm release, a Node binary) into its own
 * prefix under the OS temp folder, as a newcomer's machine would get it; later runs reuse the prefix.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Compares release versions `x.y.z` numerically (a range like `pnpm@10` lists no prereleases). */
const byVersion = (a: string, b: string) => {
  const [pa, pb] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (pa![i] !== pb![i]) return (pa![i] ?? 0) - (pb![i] ?? 0);
  return 0;
};

/** The newest version the registry has for `spec` (e.g. `pnpm@10` → `10.34.9`); npm lists them unsorted. */
export function newestVersion(spec: string): string {
  const out = execFileSync('npm', ['view', spec, 'version', '--json'], { encoding: 'utf8' });
  const versions = JSON.parse(out) as string | string[];
  return Array.isArray(versions) ? versions.sort(byVersion).at(-1)! : versions;
}

/** Installs `spec` (e.g. `pnpm@10.34.9`) into `<tmp>/lanes-ci-tools/<key>` unless already there; returns the prefix. */
export function npmInstallTool(spec: string, key: string): string {
  const prefix = join(tmpdir(), 'lanes-ci-tools', key);
  if (existsSync(join(prefix, 'node_modules'))) return prefix;
  mkdirSync(prefix, { recursive: true });
  execFileSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', spec],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return prefix;
}
