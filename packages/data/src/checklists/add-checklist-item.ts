/** @module checklists/add-checklist-item — an item at the end of a task's checklist (members and up). */

import type { TablesInsert } from '@lanes/shared/database';
import {
  addChecklistItemInput,
  type ChecklistItemRow,
  checklistItemRow,
} from '@lanes/shared/schemas/checklist';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { insertOnce } from '../internal/insert-once.ts';

export { addChecklistItemInput };
export type AddChecklistItemResult = ChecklistItemRow;

/**
 * Without `checklist` the item joins the task's default checklist ("Checklist"); the database places it last
 * and refuses the 101st item of a task (LIMIT_REACHED). With an `id`, a replayed add answers with the item made
 * the first time (decision 120).
 * @example await addChecklistItem(client, { taskId, body: 'Write the release notes' })
 */
export async function addChecklistItem(
  client: LanesClient,
  input: z.input<typeof addChecklistItemInput>,
): Promise<AddChecklistItemResult> {
  const { id, taskId, checklist, body } = parseInput(addChecklistItemInput, input);
  const row = await insertOnce(
    'checklist_items',
    () =>
      client
        .from('checklist_items')
        // `position` is the database's: the end of the checklist (before_checklist_item_insert).
        .insert({
          ...(id ? { id } : {}),
          task_id: taskId,
          body,
          ...(checklist ? { checklist } : {}),
        } as TablesInsert<'checklist_items'>)
        .select()
        .single(),
    () =>
      client
        .from('checklist_items')
        .select()
        .eq('id', id ?? taskId)
        .eq('task_id', taskId)
        .maybeSingle(),
  );
  return parseAnswer(checklistItemRow, row);
}
