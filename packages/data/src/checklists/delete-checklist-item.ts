/** @module checklists/delete-checklist-item — removes an item (members and up). */
import { checklistItemIdInput } from '@lanes/shared/schemas/checklist';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseInput, unwrap } from '../internal/checks.ts';

export { checklistItemIdInput as deleteChecklistItemInput };

/** NOT_FOUND when the item is gone already or the caller may not delete it. */
export async function deleteChecklistItem(
  client: LanesClient,
  input: z.input<typeof checklistItemIdInput>,
): Promise<void> {
  const { itemId } = parseInput(checklistItemIdInput, input);
  oneRow(unwrap(await client.from('checklist_items').delete().eq('id', itemId).select('id')));
}
