/**
 * @module deploy/secrets-file — the functions' secrets as a dotenv file for `supabase secrets set
 * --env-file`: in a fresh folder only this user can read, removed as soon as the CLI has read it, so the
 * values are never on a command line (where `ps` shows them).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function withSecretsFile<T>(
  secrets: Record<string, string>,
  use: (file: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'lanes-secrets-'));
  try {
    const file = join(dir, 'functions.env');
    const lines = Object.entries(secrets).map(([name, value]) => `${name}=${JSON.stringify(value)}\n`);
    writeFileSync(file, lines.join(''), { mode: 0o600 });
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
