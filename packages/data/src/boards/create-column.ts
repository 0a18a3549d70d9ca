/** @module boards/create-column — adds a column at the end of a board; LIMIT_REACHED after 20. */
import type { TablesInsert } from '@lanes/shared/database';
import { type ColumnRow, columnRow, createColumnInput } from '@lanes/shared/schemas/board';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { insertOnce } from '../internal/insert-once.ts';

export { createColumnInput };
export type CreateColumnResult = ColumnRow;

/** With an `id` of the caller's choosing, a replayed create answers with the column stored the first time. */
export async function createColumn(
  client: LanesClient,
  input: z.input<typeof createColumnInput>,
): Promise<CreateColumnResult> {
  const { boardId, name, wipLimit, isDone, ...chosen } = parseInput(createColumnInput, input);
  const id = chosen.id ?? crypto.randomUUID();
  const row = await insertOnce(
    'columns',
    () =>
      client
        .from('columns')
        // The position is left to the database: the end of the board.
        .insert({
          id,
          board_id: boardId,
          name,
          wip_limit: wipLimit ?? null,
          is_done: isDone ?? false,
        } as TablesInsert<'columns'>)
        .select()
        .single(),
    () => client.from('columns').select().eq('id', id).eq('board_id', boardId).maybeSingle(),
  );
  return parseAnswer(columnRow, row);
}
