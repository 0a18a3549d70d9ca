/**
 * @module internal/insert-once — a create that may be sent twice (the client's write queue retries one whose
 * answer was lost) stores one row: the client names the row's id, and a second insert of that id answers with
 * the row stored the first time instead of a duplicate. Decision 120.
 */
import { isLanesError } from '@lanes/shared/errors';
import { unwrap } from './checks.ts';

type Answer<T> = PromiseLike<{ data: T | null; error: unknown }>;

/** The insert was refused because a row with its id exists (the primary key is `<table>_pkey`). */
function idTaken(error: unknown, table: string): boolean {
  return isLanesError(error) && error.code === 'CONFLICT' && error.details?.constraint === `${table}_pkey`;
}

/**
 * Runs `insert`; when its id is already taken, answers with what `stored` finds instead: the same id on the
 * same board, as the caller may read it. A row of another board, or one the caller cannot see, is not found
 * there, so the original CONFLICT stands: nothing of it is shown and nothing of it changes.
 * @example
 * const row = await insertOnce('tasks',
 *   () => client.from('tasks').insert({ id, ...fields }).select().single(),
 *   () => client.from('tasks').select().eq('id', id).eq('board_id', boardId).maybeSingle());
 */
export async function insertOnce<T>(
  table: string,
  insert: () => Answer<T>,
  stored: () => Answer<T>,
): Promise<NonNullable<T>> {
  try {
    return unwrap(await insert()) as NonNullable<T>;
  } catch (error) {
    if (!idTaken(error, table)) throw error;
    const earlier = unwrap(await stored());
    if (earlier === null) throw error;
    return earlier as NonNullable<T>;
  }
}
