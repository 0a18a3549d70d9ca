/** @module checklists/list-checklist-items — a task's checklist items, in checklist order. */
import { type ChecklistItemRow, checklistItemRow } from '@lanes/shared/schemas/checklist';
import { taskIdInput } from '@lanes/shared/schemas/task';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { taskIdInput as listChecklistItemsInput };
export type ListChecklistItemsResult = ChecklistItemRow[];

/** Ordered by position; the panel groups them by `checklist` (decision 184). */
export async function listChecklistItems(
  client: LanesClient,
  input: z.input<typeof taskIdInput>,
  signal?: AbortSignal,
): Promise<ListChecklistItemsResult> {
  const { taskId } = parseInput(taskIdInput, input);
  const rows = unwrap(
    await abortable(
      client.from('checklist_items').select().eq('task_id', taskId).order('position').order('id'),
      signal,
    ),
  );
  return parseAnswer(z.array(checklistItemRow), rows);
}
