/** @module checklists/update-checklist-item — checks, unchecks or rewords an item (members and up). */
import {
  type ChecklistItemRow,
  checklistItemRow,
  updateChecklistItemInput,
} from '@lanes/shared/schemas/checklist';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { updateChecklistItemInput };
export type UpdateChecklistItemResult = ChecklistItemRow;

/** @example await updateChecklistItem(client, { itemId, done: true }) */
export async function updateChecklistItem(
  client: LanesClient,
  input: z.input<typeof updateChecklistItemInput>,
): Promise<UpdateChecklistItemResult> {
  const { itemId, body, done } = parseInput(updateChecklistItemInput, input);
  const rows = unwrap(
    await client
      .from('checklist_items')
      .update({ ...(body !== undefined ? { body } : {}), ...(done !== undefined ? { done } : {}) })
      .eq('id', itemId)
      .select(),
  );
  return parseAnswer(checklistItemRow, oneRow(rows));
}
