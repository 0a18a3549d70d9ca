/** @module checklists/checklist-item-to-task — makes a task of an item and removes the item, at once (RPC). */
import { checklistItemIdInput } from '@lanes/shared/schemas/checklist';
import { type TaskRow, taskRow } from '@lanes/shared/schemas/task';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { checklistItemIdInput as checklistItemToTaskInput };
export type ChecklistItemToTaskResult = TaskRow;

/**
 * The new task sits at the end of the item's task's column, titled with the item's body; both happen or
 * neither (a full board answers LIMIT_REACHED and the item stays).
 * @example const task = await checklistItemToTask(client, { itemId })
 */
export async function checklistItemToTask(
  client: LanesClient,
  input: z.input<typeof checklistItemIdInput>,
): Promise<ChecklistItemToTaskResult> {
  const { itemId } = parseInput(checklistItemIdInput, input);
  const row = unwrap(await client.rpc('checklist_item_to_task', { item_id: itemId }));
  return parseAnswer(taskRow, row);
}
