/**
 * @module postgres/cli-workdir — the folder the Supabase CLI is run in. Normally the project itself; a
 * CLI 2.x project whose config.toml still has `[inbucket]` (which CLI 3.x refuses) gets a shadow folder
 * in the stack's data dir instead: the same `supabase/` entries, linked, and a copy of config.toml with
 * the section renamed. The user's file is never touched.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const INBUCKET = /^(\s*)\[inbucket(\.[^\]]*)?\]/gm;

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
  mkdirSync(join(shadow, 'supabase'), { recursive: true });
  for (const entry of readdirSync(supabaseDir)) {
    if (entry !== 'config.toml') symlinkSync(join(supabaseDir, entry), join(shadow, 'supabase', entry));
  }
  writeFileSync(join(shadow, 'supabase', 'config.toml'), config.replace(INBUCKET, '$1[local_smtp$2]'));
  return shadow;
}
