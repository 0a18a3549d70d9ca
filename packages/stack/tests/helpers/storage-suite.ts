/**
 * @module tests/helpers/storage-suite — the setup storage-reads and storage-signed share: a superuser
 * connection closed after the file, alice with her folder in private-docs seeded before the tests
 * (seedFolder), and bob, who owns nothing there.
 */
import { afterAll, beforeAll } from 'vitest';
import { db, seedFolder, user } from '../storage-helpers.ts';

/** Call once at the top of a test file: registers the file's beforeAll/afterAll. */
export function seededDocsSuite() {
  const sql = db();
  afterAll(() => sql.end());

  const alice = user();
  const bob = user();
  beforeAll(() => seedFolder(alice));

  return {
    sql,
    alice,
    bob,
    /** alice's folder in private-docs. */
    folder: alice.id,
    docs: () => alice.client.storage.from('private-docs'),
  };
}
