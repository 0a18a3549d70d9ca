/**
 * @module postgres/project-template — from a project's second cold start on this machine, its new cluster
 * is a copy of a cached one that the Supabase CLI migrated and seeded once, so that start runs no CLI
 * (decision 175). The first cold start only leaves a marker: a one-off project (most test projects)
 * pays nothing for the cache.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isAbsolute, join, relative } from 'node:path';
import type { StackConfig } from '../config.ts';
import { hostEnvironment, stackEnvironment } from '../env.ts';
import { freePort } from '../util/ports.ts';
import { cliWorkdir } from './cli-workdir.ts';
import { migrate } from './database.ts';
import { startPostgres } from './server.ts';
import {
  buildTemplateWith,
  copyTree,
  createFromTemplate,
  TEMPLATES_ROOT,
  templateDir,
  touchTemplate,
} from './template.ts';

/** Folders under `supabase/` the CLI's `db push` never reads (functions are served, not pushed). */
const UNREAD = new Set(['functions', 'node_modules', '.temp', '.branches']);

function hashTree(hash: ReturnType<typeof createHash>, root: string, dir: string): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    if (dir === root && UNREAD.has(entry.name)) continue;
    const path = join(dir, entry.name);
    // Links are followed, as the CLI reads them (the data tests' project mirror links supabase/migrations).
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat?.isDirectory()) hashTree(hash, root, path);
    else {
      hash.update(`\0${relative(root, path)}\0`);
      // A dangling link or a socket counts by its name only (a FIFO would block a read).
      if (stat?.isFile()) hash.update(readFileSync(path));
    }
  }
}

/**
 * What the migrated cluster depends on: the bootstrap template (binaries, bootstrap SQL, user), the CLI's
 * version, whether the seed runs, the day, and every file of `supabase/` the CLI may read (config.toml,
 * migrations, seed files). Undefined when a seed file lies outside `supabase/` (not cached then).
 */
export function projectKey(config: StackConfig, withSeed: boolean): string | undefined {
  if (stackEnvironment().STACK_NO_TEMPLATE) return undefined;
  if (config.db.seedPaths.some((p) => isAbsolute(p) || relative('.', p).startsWith('..'))) return undefined;
  const supabaseDir = join(config.workdir, 'supabase');
  if (!existsSync(supabaseDir)) return undefined;
  const cli = createRequire(import.meta.url)('supabase/package.json') as { version: string };
  // Today's date (UTC and local): a seed's `current_date + 5` must not come from another day's run.
  const today = `${new Date().toISOString().slice(0, 10)} ${new Date().toDateString()}`;
  const hash = createHash('sha256').update(`${templateDir()}\0${cli.version}\0${withSeed}\0${today}`);
  hashTree(hash, supabaseDir, supabaseDir);
  // config.toml's `env(NAME)` values are read by the CLI from its environment (e.g. `[db.vault]` secrets).
  const tomlPath = join(supabaseDir, 'config.toml');
  const toml = existsSync(tomlPath) ? readFileSync(tomlPath, 'utf8') : '';
  const env = hostEnvironment();
  for (const [, name = ''] of toml.matchAll(/env\((\w+)\)/g)) hash.update(`\0${name}=${env[name] ?? ''}`);
  return hash.digest('hex').slice(0, 16);
}

/** Builds the migrated template: a copy of the bootstrap template, migrated and seeded by the CLI, shut down. */
function buildProjectTemplate(target: string, config: StackConfig, withSeed: boolean): Promise<void> {
  return buildTemplateWith(target, async (work) => {
    await createFromTemplate(join(work, 'db'));
    // Makes work/keys/vault.key: what the migrations or seed put in Vault is encrypted with it.
    const server = await startPostgres({ dataDir: join(work, 'db'), port: await freePort() });
    try {
      await migrate(server.url, cliWorkdir(config.workdir, work), withSeed);
    } finally {
      await server.stop();
    }
    rmSync(join(work, 'cli-workdir'), { recursive: true, force: true });
  });
}

/**
 * Makes `<stackDir>/db` (which does not exist yet) a copy of the project's migrated template, with the
 * template's Vault key beside it. `key` is projectKey's. Returns false, having made nothing, when the
 * project has no template (yet): the caller then copies the bootstrap template and runs the CLI as
 * before. A template that cannot be built is not an error: the start goes the ordinary way.
 */
export async function createFromProjectTemplate(
  stackDir: string,
  config: StackConfig,
  withSeed: boolean,
  key: string,
): Promise<boolean> {
  const target = join(TEMPLATES_ROOT, `project-${key}`);
  if (!existsSync(join(target, 'db', 'PG_VERSION'))) {
    if (!existsSync(`${target}.seen`)) return false;
    try {
      await buildProjectTemplate(target, config, withSeed);
    } catch {
      return false;
    }
  } else touchTemplate(target);
  rmSync(join(stackDir, 'db'), { recursive: true, force: true });
  mkdirSync(join(stackDir, 'keys'), { recursive: true, mode: 0o700 });
  // `cp -a` keeps the key's owner (`nobody` when the stack runs as root) and mode.
  await copyTree(join(target, 'keys', 'vault.key'), join(stackDir, 'keys', 'vault.key'));
  await copyTree(join(target, 'db'), join(stackDir, 'db'));
  return true;
}

/** Records that this project's migrations and seed were applied to a new cluster (the second time builds). */
export function markProjectSeen(key: string): void {
  mkdirSync(TEMPLATES_ROOT, { recursive: true });
  writeFileSync(join(TEMPLATES_ROOT, `project-${key}.seen`), '');
}
