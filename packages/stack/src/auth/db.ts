/**
 * @module auth/db — the two things every Auth module that touches rows shares: what runs a query, and whether a
 * string can name a row. Apart from `users.ts` so that `factors.ts`, which users needs, does not import it back.
 */
import type { ISql } from 'postgres';

/** A pool or a transaction: both run queries. */
export type Db = ISql;

/** Whether `id` is a UUID (GoTrue's ids; anything else cannot name a row). */
export const isUuid = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
