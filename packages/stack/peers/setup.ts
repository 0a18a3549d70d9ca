/**
 * @module peers/setup — `pnpm --filter @lanes/stack peers:setup --source <supabase-js>`: copies the client
 * suites named in suites.ts out of a supabase-js checkout (or bare clone) into `.peers/supabase-js`, and
 * installs what their jest runs need from the npm registry, so that `peers` itself fetches nothing.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { peersHome, sourceFile } from './paths.ts';
import { suites } from './suites.ts';

/** Tooling the packages list for building and docs, which their tests never load. */
const notForTests = new Set(['tsdown', 'typedoc', 'chokidar-cli', 'tstyche', '@arethetypeswrong/cli', 'tsd']);

const { values } = parseArgs({ options: { source: { type: 'string' } } });
const source = values.source ?? process.env.SUPABASE_JS_SOURCE;
if (!source) {
  console.error(
    'peers:setup needs a supabase-js checkout or bare clone: --source DIR (or SUPABASE_JS_SOURCE).\n' +
      'For example: git clone https://github.com/supabase/supabase-js /tmp/supabase-js && ' +
      'pnpm --filter @lanes/stack peers:setup --source /tmp/supabase-js',
  );
  process.exit(2);
}

const paths = [
  'tsconfig.base.json',
  'pnpm-workspace.yaml',
  ...Object.values(suites).map((suite) => suite.dir),
];
const home = peersHome();
rmSync(home, { recursive: true, force: true });
mkdirSync(home, { recursive: true });
const commit = copyTree(resolve(source), home);

applyFixtureLimits();
const catalog = readCatalog(readFileSync(join(home, 'pnpm-workspace.yaml'), 'utf8'));
const dependencies: Record<string, string> = {};
for (const suite of Object.values(suites)) {
  const manifest = JSON.parse(readFileSync(join(home, suite.dir, 'package.json'), 'utf8'));
  for (const [name, range] of Object.entries<string>({
    ...manifest.dependencies,
    ...manifest.devDependencies,
  })) {
    if (notForTests.has(name) || range.startsWith('workspace:')) continue;
    const resolved = range === 'catalog:' ? catalog[name] : range;
    if (!resolved)
      throw new Error(`${suite.dir}: ${name} is "catalog:" but pnpm-workspace.yaml has no version`);
    dependencies[name] ??= resolved;
  }
}
writeFileSync(
  join(home, 'package.json'),
  `${JSON.stringify({ name: 'lanes-peer-suites', private: true, dependencies }, null, 2)}\n`,
);
// Install scripts stay off: the suites' only scripted dependency is the Supabase CLI binary, which the
// stack replaces.
execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
  cwd: home,
  stdio: 'inherit',
});
writeFileSync(sourceFile(), `${commit}\n`);
console.log(`peer suites ready in ${home} (supabase-js ${commit})`);

/** Replaces the fixture lines this machine cannot run (suites.ts lists each, with the reason). */
function applyFixtureLimits() {
  for (const suite of Object.values(suites)) {
    for (const limit of suite.fixtureLimits) {
      const file = join(home, suite.dir, limit.file);
      const text = readFileSync(file, 'utf8');
      if (!limit.replace.test(text))
        throw new Error(`${limit.file} no longer has ${limit.replace}; revisit suites.ts`);
      writeFileSync(file, text.replace(limit.replace, limit.with));
      console.log(`${suite.dir}/${limit.file}: ${limit.replace} → ${limit.with} (${limit.why})`);
    }
  }
}

/** Copies `paths` out of a git repository (bare or not) at HEAD, or out of a plain folder; returns the commit. */
function copyTree(from: string, to: string): string {
  let commit = 'unknown (not a git repository)';
  try {
    commit = execFileSync('git', ['-C', from, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    for (const path of paths) cpSync(join(from, path), join(to, path), { recursive: true });
    return commit;
  }
  const tar = execFileSync('git', ['-C', from, 'archive', '--format=tar', commit, ...paths], {
    maxBuffer: 512 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', to], { input: tar });
  for (const path of paths) {
    if (!existsSync(join(to, path))) throw new Error(`${from} has no ${path} at ${commit}`);
  }
  return commit;
}

/** The `catalog:` map of a pnpm-workspace.yaml: the indented `name: version` lines under `catalog:`. */
function readCatalog(yaml: string): Record<string, string> {
  const versions: Record<string, string> = {};
  let inCatalog = false;
  for (const line of yaml.split('\n')) {
    if (/^\S/.test(line)) inCatalog = line.trim() === 'catalog:';
    const entry = inCatalog && /^\s+['"]?([^'":\s]+)['"]?\s*:\s*['"]?([^'"#\s]+)/.exec(line);
    if (entry) versions[entry[1]!] = entry[2]!;
  }
  return versions;
}
