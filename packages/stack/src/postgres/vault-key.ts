/**
 * @module postgres/vault-key — the root key of the stack's Vault emulation: 32 random bytes, hex, in
 * `<stack data dir>/keys/vault.key`, made on the first start of a cluster and never stored in it. The
 * Supabase image's Vault likewise reads its root key from a file outside the database (a getkey script).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the key of the stack whose data folder is `stackDir` lives (the cluster is `<stackDir>/db`). */
export function vaultKeyPath(stackDir: string): string {
  return join(stackDir, 'keys', 'vault.key');
}

/**
 * Makes the key file when it is missing. Postgres reads it with `pg_read_file('../keys/vault.key')` from
 * its data directory, so when it runs as `nobody` the file belongs to `nobody` (mode 0600, nobody else may
 * read it) and the keys folder must let `nobody` through (o+x, never o+r). Reports whether it made one.
 */
export function ensureVaultKey(stackDir: string, owner?: { uid: number; gid: number }): boolean {
  const file = vaultKeyPath(stackDir);
  const dir = join(stackDir, 'keys');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (owner) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
  }
  if (existsSync(file)) return false;
  writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  if (owner) chownSync(file, owner.uid, owner.gid);
  return true;
}
