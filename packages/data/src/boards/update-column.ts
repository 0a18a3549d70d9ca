/** @module boards/update-column — renames a column, sets its WIP limit, or makes it a done column. */
import type { TablesUpdate } from '@lanes/shared/database';
import { type ColumnRow, columnRow, updateColumnInput } from '@lanes/shared/schemas/board';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { updateColumnInput };
export type UpdateColumnResult = ColumnRow;

/** Turning a column into a done column completes its tasks (and back): the database does that. */
export async function updateColumn(
  client: LanesClient,
  input: z.input<typeof updateColumnInput>,
): Promise<UpdateColumnResult> {
  const { columnId, name, wipLimit, isDone } = parseInput(updateColumnInput, input);
  const patch: TablesUpdate<'columns'> = {};
  if (name !== undefined) patch.name = name;
  if (wipLimit !== undefined) patch.wip_limit = wipLimit;
  if (isDone !== undefined) patch.is_done = isDone;
  const rows = unwrap(await client.from('columns').update(patch).eq('id', columnId).select());
  return parseAnswer(columnRow, oneRow(rows));
}
