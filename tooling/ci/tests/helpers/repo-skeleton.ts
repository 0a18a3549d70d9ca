/**
 * @module repo-skeleton — a copy of what `pnpm install` reads from this repository (root manifests, the
 * lockfile, the dependency patches it names, every workspace package.json and the preinstall check), to
 * install into from a clean HOME.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

const ROOT_FILES = [
  'package.json',
  'pnpm-workspace.yaml',
  'pnpm-lock.yaml',
  '.npmrc',
  '.node-version',
  'tooling/ci/check-node.cjs',
];
const WORKSPACE_FOLDERS = ['apps', 'packages', 'tooling'];

export function copyRepoSkeleton(): string {
  const target = mkdtempSync(join(tmpdir(), 'lanes-newcomer-'));
  const copy = (path: string) => {
    mkdirSync(dirname(join(target, path)), { recursive: true });
    cpSync(join(repoRoot, path), join(target, path));
  };
  for (const file of ROOT_FILES) copy(file);
  // pnpm hashes every patch in `patchedDependencies` before it installs anything.
  if (existsSync(join(repoRoot, 'patches')))
    cpSync(join(repoRoot, 'patches'), join(target, 'patches'), { recursive: true });
  for (const folder of WORKSPACE_FOLDERS) {
    for (const name of readdirSync(join(repoRoot, folder))) {
      const manifest = join(folder, name, 'package.json');
      if (existsSync(join(repoRoot, manifest))) copy(manifest);
    }
  }
  return target;
}
