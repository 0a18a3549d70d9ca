/** @module boards/create-column — adds a column at the end of a board; LIMIT_REACHED after 20. */
import type { TablesInsert } from '@lanes/shared/database';
import { type ColumnRow, columnRow, createColumnInput } from '@lanes/shared/schemas/board';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { createColumnInput };
export type CreateColumnResult = ColumnRow;

export async function createColumn(client: LanesClient, input: unknown): Promise<CreateColumnResult> {
  const { boardId, name, wipLimit, isDone } = parseInput(createColumnInput, input);
  const row = unwrap(
    await client
      .from('columns')
      // The position is left to the database: the end of the board.
      .insert({
        board_id: boardId,
        name,
        wip_limit: wipLimit ?? null,
        is_done: isDone ?? false,
      } as TablesInsert<'columns'>)
      .select()
      .single(),
  );
  return parseAnswer(columnRow, row);
}
