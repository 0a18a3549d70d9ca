/**
 * @module postgres/template — a new embedded cluster is a copy of a cached, already bootstrapped one
 * instead of initdb + bootstrap each time: copying the files is much faster (decision 007), and initdb plus
 * the bootstrap were most of a cold start, which adds up in test suites that start many isolated stacks.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { stackEnvironment } from '../env.ts';
import { freePort } from '../util/ports.ts';
import { findPostgresBinaries } from './binaries.ts';
import { bootstrap, bootstrapHash } from './database.ts';
import { startPostgres } from './server.ts';

export const TEMPLATES_ROOT = join(tmpdir(), 'lanes-stack-templates');
/** Templates of older bootstrap SQL are removed once they have not been made for this long. */
const STALE_MS = 24 * 3600 * 1000;

/** `cp -a`: keeps modes and owners (the cluster belongs to `nobody` when the stack runs as root). */
export function copyTree(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('cp', ['-a', from, to], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`cp -a failed: ${stderr}`))));
  });
}

/** The cache key: the binaries, the bootstrap SQL and the user the cluster belongs to. */
export function templateDir(): string {
  const binaries = findPostgresBinaries()
    .root.replace(/[^\w.-]+/g, '_')
    .slice(-60);
  // `w1`: clusters made with 1 MB WAL segments (decision 177); older templates are swept after a day.
  return join(TEMPLATES_ROOT, `${binaries}-${bootstrapHash()}-w1-${process.getuid?.() ?? 0}`);
}

/**
 * Makes a template at `target`: `fill` prepares a private work folder, which then takes the template's
 * name. Two processes building the same template race harmlessly; a failed `fill` leaves nothing.
 */
export async function buildTemplateWith(
  target: string,
  fill: (work: string) => Promise<void>,
): Promise<void> {
  mkdirSync(TEMPLATES_ROOT, { recursive: true });
  const work = `${target}.${process.pid}.tmp`;
  rmSync(work, { recursive: true, force: true });
  try {
    await fill(work);
    try {
      renameSync(work, target);
    } catch {
      // Another process made the same template meanwhile; theirs is as good as ours.
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  sweepStaleTemplates(target);
}

/** Builds the template: a cluster that got the bootstrap and was shut down cleanly. */
function buildTemplate(target: string): Promise<void> {
  return buildTemplateWith(target, async (work) => {
    const server = await startPostgres({ dataDir: join(work, 'db'), port: await freePort() });
    try {
      await bootstrap(server.url);
    } finally {
      await server.stop();
    }
    // Only `db/` is ever copied; the Vault key startPostgres made beside it belongs to no stack.
    rmSync(join(work, 'keys'), { recursive: true, force: true });
  });
}

/** Removes the templates (and markers) not made or used for a day, except `keep`. */
export function sweepStaleTemplates(keep: string): void {
  for (const entry of readdirSync(TEMPLATES_ROOT)) {
    const path = join(TEMPLATES_ROOT, entry);
    // Another stack may be removing or renaming its own work folder right now: gone is not an error.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat && path !== keep && Date.now() - stat.mtimeMs > STALE_MS) {
      rmSync(path, { recursive: true, force: true });
    }
  }
}

/** Marks a template as used now, so the sweep of another start does not remove one in daily use. */
export function touchTemplate(path: string): void {
  const now = new Date();
  try {
    utimesSync(path, now, now);
  } catch {
    // Swept or rebuilt meanwhile: the next start makes it again.
  }
}

/**
 * Makes `dataDir` (a cluster folder that does not exist yet) a copy of the bootstrapped template,
 * building the template first if needed. Returns false when `STACK_NO_TEMPLATE` is set, so the caller
 * runs initdb and the bootstrap itself.
 */
export async function createFromTemplate(dataDir: string): Promise<boolean> {
  if (stackEnvironment().STACK_NO_TEMPLATE) return false;
  const template = templateDir();
  if (!existsSync(join(template, 'db', 'PG_VERSION'))) await buildTemplate(template);
  else touchTemplate(template);
  mkdirSync(dirname(dataDir), { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  await copyTree(join(template, 'db'), dataDir);
  return true;
}
