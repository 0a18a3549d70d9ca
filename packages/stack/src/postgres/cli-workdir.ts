/**
 * @module postgres/cli-workdir — the folder the Supabase CLI is run in. Normally the project itself; a
 * CLI 2.x project whose config.toml still has `[inbucket]` (which CLI 3.x refuses) gets a shadow folder
 * in the stack's data dir instead: a mirror of `supabase/` and a copy of config.toml with the section
 * renamed. The user's file is never touched.
 *
 * The mirror is made of hard links (copies across file systems), not symlinks: the CLI resolves symlinks
 * and refuses a `content_path` that then lands outside the folder it runs in.
 */
import {
  copyFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { parse } from 'smol-toml';

const INBUCKET = /^(\s*)\[inbucket(\.[^\]]*)?\]/gm;
/** Folders the CLI never reads that can be large. */
const SKIPPED = new Set(['node_modules', '.temp', '.branches']);

/** Hard-links one file into the mirror, copying when the two folders are on different file systems. */
function mirrorFile(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

function mirrorTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const source = join(from, entry.name);
    // Followed as the CLI would follow it; a dangling link is left out.
    const stat = entry.isSymbolicLink() ? statSync(source, { throwIfNoEntry: false }) : entry;
    if (stat?.isDirectory()) mirrorTree(source, join(to, entry.name));
    else if (stat?.isFile()) mirrorFile(source, join(to, entry.name));
  }
}

/** Email template files config.toml names outside `supabase/`, relative to the project as the CLI reads them. */
function templatesOutside(config: string): string[] {
  let toml: Record<string, unknown>;
  try {
    toml = parse(config) as Record<string, unknown>;
  } catch {
    return [];
  }
  const email = (toml.auth as { email?: { template?: Record<string, { content_path?: unknown }> } })?.email;
  return Object.values(email?.template ?? {})
    .map((t) => t?.content_path)
    .filter((p): p is string => typeof p === 'string' && !isAbsolute(p))
    .filter((p) => {
      const rel = relative('.', p);
      return !rel.startsWith('..') && !rel.startsWith('supabase');
    });
}

export function cliWorkdir(workdir: string, dataDir: string): string {
  const supabaseDir = join(workdir, 'supabase');
  let config: string;
  try {
    config = readFileSync(join(supabaseDir, 'config.toml'), 'utf8');
  } catch {
    return workdir;
  }
  // `[local_smtp]` present too: the CLI refuses the file for another reason, which the user should see.
  if (!/^\s*\[inbucket[.\]]/m.test(config) || /^\s*\[local_smtp\]/m.test(config)) return workdir;
  const shadow = join(dataDir, 'cli-workdir');
  rmSync(shadow, { recursive: true, force: true });
  mirrorTree(supabaseDir, join(shadow, 'supabase'));
  for (const path of templatesOutside(config)) {
    if (statSync(join(workdir, path), { throwIfNoEntry: false })?.isFile()) {
      mirrorFile(join(workdir, path), join(shadow, path));
    }
  }
  rmSync(join(shadow, 'supabase', 'config.toml'));
  writeFileSync(join(shadow, 'supabase', 'config.toml'), config.replace(INBUCKET, '$1[local_smtp$2]'));
  return shadow;
}
