/** @module checklists/checklist-item-to-task — makes a task of an item and removes the item, at once (RPC). */
import { checklistItemToTaskInput } from '@lanes/shared/schemas/checklist';
import { type TaskRow, taskRow } from '@lanes/shared/schemas/task';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { checklistItemToTaskInput };
export type ChecklistItemToTaskResult = TaskRow;

/**
 * The new task sits at the end of the item's task's column, titled with the item's body; both happen or
 * neither (a full board answers LIMIT_REACHED and the item stays). With `newTaskId` (the board's write queue
 * names it), a call sent again once the item is gone answers with the task made the first time (decision 202).
 * @example const task = await checklistItemToTask(client, { itemId, newTaskId: crypto.randomUUID() })
 */
export async function checklistItemToTask(
  client: LanesClient,
  input: z.input<typeof checklistItemToTaskInput>,
): Promise<ChecklistItemToTaskResult> {
  const { itemId, newTaskId } = parseInput(checklistItemToTaskInput, input);
  const row = unwrap(
    await client.rpc('checklist_item_to_task', {
      item_id: itemId,
      ...(newTaskId ? { new_task_id: newTaskId } : {}),
    }),
  );
  return parseAnswer(taskRow, row);
}
