/**
 * Import boundaries (STYLE.md, decision 167): a feature imports no other feature and no route; a component
 * (app/components) imports no feature and no route; app/lib imports neither; no package imports an app. A new
 * import across a boundary fails here, naming the file and what it imports. No module imports itself back
 * through others either (an import cycle), type-only and lazy imports included: each names a pair of modules
 * that cannot be understood, or split, one without the other.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = import.meta.dirname;
const ROOT = resolve(APP, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(entry.name) ? [path] : [];
  });
}

// `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')` and `vi.mock('x')`; comments are
// removed first so a path quoted in a comment is not an import.
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.(?:mock|doMock|importActual)\s*\(\s*)(['"])([^'"\n]+)\1/g;

export function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  return [...code.matchAll(SPECIFIER)].map((match) => match[2]!);
}

/**
 * Where an import points, as a path from the repository root, or the bare specifier for a package. `#app/…` is
 * the app's own alias (package.json `imports`) for `apps/web/app/…`.
 */
function target(file: string, specifier: string): string {
  if (specifier.startsWith('#app/')) return relative(ROOT, join(APP, specifier.slice('#app/'.length)));
  return specifier.startsWith('.') ? relative(ROOT, resolve(dirname(file), specifier)) : specifier;
}

/** `features/board`, `components`, `routes`, `lib` or `` for a path under apps/web/app. */
function area(repoPath: string): string | null {
  const match = /^apps\/web\/app\/(features\/[^/]+|components|routes|lib)(?:\/|$)/.exec(repoPath);
  return match ? match[1]! : null;
}

/** Every import of app/ that crosses a boundary, as `file -> import`. */
function appViolations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(APP)) {
    const from = area(relative(ROOT, file));
    if (!from || from === 'routes') continue;
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const to = area(target(file, specifier));
      if (!to || to === from) continue;
      const refused =
        to === 'routes' ||
        (to.startsWith('features/') &&
          (from.startsWith('features/') || from === 'components' || from === 'lib'));
      if (refused) found.push(`${relative(ROOT, file)} -> ${specifier}`);
    }
  }
  return found;
}

function packageViolations(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(join(ROOT, 'packages'))) {
    for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
      const to = target(file, specifier);
      if (to.startsWith('apps/') || specifier.startsWith('@lanes/web'))
        found.push(`${relative(ROOT, file)} -> ${specifier}`);
    }
  }
  return found;
}

/** Each import cycle among `files` (relative imports), as its modules from the repository root, once. */
export function importCycles(files: string[]): string[][] {
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [
      file,
      importsOf(readFileSync(file, 'utf8'))
        .filter((specifier) => specifier.startsWith('.') || specifier.startsWith('#app/'))
        .map((specifier) => resolve(ROOT, target(file, specifier)))
        .filter((to) => known.has(to)),
    ]),
  );
  const cycles = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const to of edges.get(file) ?? []) {
      if (state.get(to) === 'open') {
        const cycle = path.slice(path.indexOf(to)).map((f) => relative(ROOT, f));
        cycles.set([...cycle].sort().join(' '), cycle);
      } else if (!state.has(to)) visit(to);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return [...cycles.values()];
}

describe('import boundaries', () => {
  it('reads the imports of a module, and not what its comments quote', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b/b.ts';",
      'export { c } from "./c.ts";',
      "import './side-effect.css';",
      "const lazy = () => import('./lazy.tsx');",
      "vi.mock('../../lib/mocked.ts');",
      "// import { no } from '../features/commented.ts';",
      "/* import { no } from '../features/block.ts'; */",
      "const url = 'https://example.com/from/x';",
    ].join('\n');
    expect(importsOf(source)).toEqual([
      './a.ts',
      '../b/b.ts',
      './c.ts',
      './side-effect.css',
      './lazy.tsx',
      '../../lib/mocked.ts',
    ]);
  });

  it('features import no other feature or route; components and lib import no feature or route', () => {
    expect(sourceFiles(APP).length).toBeGreaterThan(100);
    expect(appViolations()).toEqual([]);
  });

  it('packages import nothing from the apps', () => {
    expect(sourceFiles(join(ROOT, 'packages')).length).toBeGreaterThan(100);
    expect(packageViolations()).toEqual([]);
  });

  it('finds a cycle, however it is imported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    writeFileSync(join(dir, 'menu.tsx'), "const Dialog = lazy(() => import('./dialog.tsx'));");
    writeFileSync(join(dir, 'dialog.tsx'), "import type { Props } from './menu.tsx';");
    writeFileSync(join(dir, 'leaf.ts'), "import { x } from './menu.tsx';");
    const cycles = importCycles(['menu.tsx', 'dialog.tsx', 'leaf.ts'].map((name) => join(dir, name)));
    rmSync(dir, { recursive: true });
    expect(cycles.map((cycle) => cycle.map((file) => file.split('/').at(-1)))).toEqual([
      ['menu.tsx', 'dialog.tsx'],
    ]);
  });

  it('no module of the app or of a package imports itself back', () => {
    const trees = [APP, ...['stack', 'data', 'shared'].map((name) => join(ROOT, 'packages', name, 'src'))];
    expect(trees.flatMap((tree) => importCycles(sourceFiles(tree)))).toEqual([]);
  });
});
