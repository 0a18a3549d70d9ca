/**
 * @module deploy/hosted — the hosted project's database URL, for reading its migration history: the
 * connection pooler that `supabase link` recorded (`supabase/.temp/pooler-url`, no password in it), or the
 * direct host when link recorded none.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export function hostedDbUrl(workdir: string, projectRef: string, password: string): string {
  const recorded = join(workdir, 'supabase', '.temp', 'pooler-url');
  const url = existsSync(recorded)
    ? new URL(readFileSync(recorded, 'utf8').trim())
    : new URL(`postgresql://postgres@db.${projectRef}.supabase.co:5432/postgres`);
  url.password = encodeURIComponent(password);
  return url.toString();
}
