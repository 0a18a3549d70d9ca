/** @module schemas/checklist — checklist item inputs and rows (decision 078): bodies follow the title rules. */
import { z } from 'zod';
import { id, timestamp, trimmed } from './fields.ts';

/** An item's text: a task title's rules (1–200, trimmed), so an item can become a task as it is. */
export const checklistItemBody = trimmed(1, 200);
/** A checklist's name; items that share one form that checklist. */
export const checklistName = trimmed(1, 60);
export const DEFAULT_CHECKLIST = 'Checklist';

export const addChecklistItemInput = z.object({
  /** Chosen by the client so a replayed add finds the item it already made (decision 120). */
  id: id.optional(),
  taskId: id,
  checklist: checklistName.optional(),
  body: checklistItemBody,
});
export type AddChecklistItemInput = z.infer<typeof addChecklistItemInput>;

export const updateChecklistItemInput = z
  .object({ itemId: id, body: checklistItemBody.optional(), done: z.boolean().optional() })
  .refine((input) => input.body !== undefined || input.done !== undefined, {
    message: 'Nothing to change.',
    path: ['body'],
  });
export type UpdateChecklistItemInput = z.infer<typeof updateChecklistItemInput>;

/** `move_checklist_item(item_id, before_id, after_id)`: the neighbours in its checklist it lands between. */
export const moveChecklistItemInput = z.object({
  itemId: id,
  beforeId: id.nullable(),
  afterId: id.nullable(),
});
export type MoveChecklistItemInput = z.infer<typeof moveChecklistItemInput>;

export const checklistItemIdInput = z.object({ itemId: id });
export type ChecklistItemIdInput = z.infer<typeof checklistItemIdInput>;

/** A checklist item made a task; `newTaskId`, chosen by the client, makes a replay answer the same task. */
export const checklistItemToTaskInput = z.object({ itemId: id, newTaskId: id.optional() });
export type ChecklistItemToTaskInput = z.infer<typeof checklistItemToTaskInput>;

export const checklistItemRow = z.object({
  id,
  task_id: id,
  checklist: z.string(),
  body: z.string(),
  done: z.boolean(),
  position: z.string(),
  created_by: id.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ChecklistItemRow = z.infer<typeof checklistItemRow>;
