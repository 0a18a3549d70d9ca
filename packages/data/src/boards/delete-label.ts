/** @module boards/delete-label — deletes a label; it disappears from its tasks too. */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseInput, unwrap } from '../internal/checks.ts';

export const deleteLabelInput = z.object({ labelId: id });
export type DeleteLabelResult = undefined;

export async function deleteLabel(
  client: LanesClient,
  input: z.input<typeof deleteLabelInput>,
): Promise<DeleteLabelResult> {
  const { labelId } = parseInput(deleteLabelInput, input);
  oneRow(unwrap(await client.from('labels').delete().eq('id', labelId).select('id')));
}
