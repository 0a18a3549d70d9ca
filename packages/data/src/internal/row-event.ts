/**
 * @module internal/row-event — reads one `postgres_changes` payload as a typed row event; serves
 * subscribe-board and subscribe-task, each with its own map of table → row schema.
 */
import { id } from '@lanes/shared/schemas/fields';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import type { z } from 'zod';

type RowSchemas = Record<string, z.ZodType>;
type TableOf<Tables extends RowSchemas> = keyof Tables & string;

/** A row that changed, a row deleted (by id), or a change that could not be read (`stale`: refetch). */
export type RowEvent<Tables extends RowSchemas> =
  | { [T in TableOf<Tables>]: { kind: 'upsert'; table: T; row: z.infer<Tables[T]> } }[TableOf<Tables>]
  | { kind: 'delete'; table: TableOf<Tables>; id: string }
  /** A change arrived that could not be read as a row: refetch. */
  | { kind: 'stale'; table: TableOf<Tables> };

export function toRowEvent<Tables extends RowSchemas>(
  tables: Tables,
  table: TableOf<Tables>,
  payload: RealtimePostgresChangesPayload<Record<string, unknown>>,
): RowEvent<Tables> {
  if (payload.eventType === 'DELETE') {
    // Deletes carry the old primary key only.
    const deleted = id.safeParse(payload.old.id);
    return deleted.success ? { kind: 'delete', table, id: deleted.data } : { kind: 'stale', table };
  }
  const row = tables[table]!.safeParse(payload.new);
  return row.success
    ? ({ kind: 'upsert', table, row: row.data } as RowEvent<Tables>)
    : { kind: 'stale', table };
}
