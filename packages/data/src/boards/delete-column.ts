/** @module boards/delete-column — deletes an empty column; CONFLICT while tasks are in it. */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseInput, unwrap } from '../internal/checks.ts';

export const deleteColumnInput = z.object({ columnId: id });
export type DeleteColumnResult = undefined;

export async function deleteColumn(
  client: LanesClient,
  input: z.input<typeof deleteColumnInput>,
): Promise<DeleteColumnResult> {
  const { columnId } = parseInput(deleteColumnInput, input);
  oneRow(unwrap(await client.from('columns').delete().eq('id', columnId).select('id')));
}
