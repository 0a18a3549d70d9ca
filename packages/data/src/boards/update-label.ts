/** @module boards/update-label — renames or recolours a label. */
import type { TablesUpdate } from '@lanes/shared/database';
import { type LabelRow, labelRow, updateLabelInput } from '@lanes/shared/schemas/board';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { updateLabelInput };
export type UpdateLabelResult = LabelRow;

export async function updateLabel(
  client: LanesClient,
  input: z.input<typeof updateLabelInput>,
): Promise<UpdateLabelResult> {
  const { labelId, name, color } = parseInput(updateLabelInput, input);
  const patch: TablesUpdate<'labels'> = {};
  if (name !== undefined) patch.name = name;
  if (color !== undefined) patch.color = color;
  const rows = unwrap(await client.from('labels').update(patch).eq('id', labelId).select());
  return parseAnswer(labelRow, oneRow(rows));
}
