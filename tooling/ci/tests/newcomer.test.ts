/**
 * The README's first command on a newcomer's machine: the newest pnpm 10 from the registry (not the pinned
 * patch release), a clean HOME, and either Node 24 or an older Node. Installs offline from this machine's
 * pnpm store, so it takes seconds; the registry is needed only to fetch pnpm and the old Node.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newestVersion, npmInstallTool } from './helpers/npm-tool.ts';
import { copyRepoSkeleton, repoRoot } from './helpers/repo-skeleton.ts';

const OLD_NODE_MAJOR = 20;
const wantedNode = readFileSync(join(repoRoot, '.node-version'), 'utf8').trim();

let pnpmCli: string;
let oldNode: string;
let home: string;
let store: string;
const copies: string[] = [];

/** Runs the newcomer's pnpm with `node` from a clean HOME; `node` is also the one lifecycle scripts get. */
function pnpm(node: string, cwd: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(node, [pnpmCli, ...args], {
    cwd,
    encoding: 'utf8',
    env: { HOME: home, PATH: `${dirname(node)}:/usr/local/bin:/usr/bin:/bin`, CI: '1', ...env },
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

function freshCopy(): string {
  const dir = copyRepoSkeleton();
  copies.push(dir);
  return dir;
}

beforeAll(() => {
  // Always the newest pnpm 10, as `npm install -g pnpm@10` gives a newcomer today.
  const pnpmVersion = newestVersion('pnpm@10');
  const pnpmPrefix = npmInstallTool(`pnpm@${pnpmVersion}`, `pnpm-${pnpmVersion}`);
  pnpmCli = join(pnpmPrefix, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');
  const oldPrefix = npmInstallTool(
    `node-${process.platform}-${process.arch}@${OLD_NODE_MAJOR}`,
    `node-${OLD_NODE_MAJOR}`,
  );
  oldNode = join(oldPrefix, 'node_modules', `node-${process.platform}-${process.arch}`, 'bin', 'node');
  home = mkdtempSync(join(tmpdir(), 'lanes-newcomer-home-'));
  // The packages this machine's install already fetched; the newcomer's install reads them offline.
  const found = spawnSync(process.execPath, [pnpmCli, 'store', 'path'], { cwd: repoRoot, encoding: 'utf8' });
  store = found.stdout.trim();
}, 120_000);

afterAll(() => {
  for (const dir of [...copies, home]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a newcomer with the newest pnpm 10', () => {
  it('runs their pnpm in the repo instead of refusing to switch to the pinned release', () => {
    const { code, output } = pnpm(process.execPath, freshCopy(), ['--version']);
    expect(output).not.toContain('Refusing to run');
    expect(code).toBe(0);
    // pnpm ran itself: the version it reports is the one the newcomer installed, not the pinned one.
    const installed = (
      JSON.parse(readFileSync(join(pnpmCli, '..', '..', 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(output.trim()).toBe(installed);
    expect(installed).toMatch(/^10\./);
  });

  it(`installs the lockfile as it is on Node ${wantedNode}`, () => {
    const { code, output } = pnpm(process.execPath, freshCopy(), [
      'install',
      '--frozen-lockfile',
      '--offline',
      '--store-dir',
      store,
    ]);
    expect(output).not.toContain('Lanes needs Node');
    expect(code, output).toBe(0);
  }, 120_000);

  it(`stops on Node ${OLD_NODE_MAJOR} with what to do, not an engine error`, () => {
    const { code, output } = pnpm(oldNode, freshCopy(), [
      'install',
      '--frozen-lockfile',
      '--offline',
      '--store-dir',
      store,
    ]);
    expect(code).not.toBe(0);
    expect(output).toContain(`Lanes needs Node ${wantedNode}; this is Node ${OLD_NODE_MAJOR}.`);
    expect(output).toContain('nvm install && nvm use');
    expect(output).not.toContain('ERR_PNPM_UNSUPPORTED_ENGINE');
  }, 120_000);
});
