/**
 * @module storage/db — runs metadata queries as storage-api does: logged in as supabase_storage_admin
 * (owner of the tables, so its own queries bypass RLS), switching to the caller's role with the
 * caller's claims inside a transaction whenever the caller's rights must decide.
 */
import type { Sql, TransactionSql } from 'postgres';
import type { Caller } from './auth.ts';

export type Tx = TransactionSql;

/** Thrown inside a transaction to roll it back on purpose (storage-api's `testPermission`). */
class Rollback extends Error {}

export class StorageDb {
  readonly sql: Sql;

  constructor(sql: Sql) {
    this.sql = sql;
  }

  /** One transaction as the caller; `fn` may call `asAdmin(tx)` to step back to the admin role. */
  asCaller<T>(caller: Caller, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.sql.begin(async (tx) => {
      await becomeCaller(tx, caller);
      return fn(tx);
    }) as Promise<T>;
  }

  /** One transaction as supabase_storage_admin (the "super user" of storage-api). */
  asAdmin<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.sql.begin(async (tx) => {
      await tx`select set_config('storage.allow_delete_query', 'true', true)`;
      return fn(tx);
    }) as Promise<T>;
  }

  /** Runs `fn` as the caller and rolls everything back: does the caller have the right? */
  async testPermission(caller: Caller, fn: (tx: Tx) => Promise<unknown>): Promise<void> {
    try {
      await this.asCaller(caller, async (tx) => {
        await fn(tx);
        throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
  }
}

/** Switches the transaction to the caller's role and claims, as storage-api and PostgREST set them. */
export async function becomeCaller(tx: Tx, caller: Caller): Promise<void> {
  await tx`select
    set_config('role', ${caller.role}, true),
    set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
    set_config('request.jwt.claim.sub', ${caller.owner ?? ''}, true),
    set_config('request.jwt.claim.role', ${caller.role}, true),
    set_config('storage.allow_delete_query', 'true', true)`;
}

/** Steps back to supabase_storage_admin inside a caller's transaction. */
export async function asAdmin(tx: Tx): Promise<void> {
  await tx`select set_config('role', 'supabase_storage_admin', true)`;
}
