/** @module schemas/board — boards, columns and labels: inputs and rows. */
import { z } from 'zod';
import { LABEL_COLORS } from '../constants.ts';
import { id, timestamp, trimmed } from './fields.ts';

export const boardName = trimmed(1, 80);
export const boardDescription = z.string().max(2000, { message: 'At most 2,000 characters.' });

export const createBoardInput = z.object({
  workspaceId: id,
  name: boardName,
  description: boardDescription.optional(),
});
export type CreateBoardInput = z.infer<typeof createBoardInput>;

export const updateBoardInput = z.object({
  boardId: id,
  name: boardName.optional(),
  description: boardDescription.optional(),
});
export type UpdateBoardInput = z.infer<typeof updateBoardInput>;

export const boardRow = z.object({
  id,
  workspace_id: id,
  name: z.string(),
  description: z.string(),
  archived_at: timestamp.nullable(),
  created_by: id.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type BoardRow = z.infer<typeof boardRow>;

export const columnName = trimmed(1, 40);
/** 1–999 tasks, or null for no limit. */
export const wipLimit = z
  .number()
  .int({ message: 'Use a whole number.' })
  .min(1, { message: 'At least 1.' })
  .max(999, { message: 'At most 999.' })
  .nullable();

export const createColumnInput = z.object({
  /** Chosen by the client so a replayed create finds the column it already made (decision 120). */
  id: id.optional(),
  boardId: id,
  name: columnName,
  wipLimit: wipLimit.optional(),
  isDone: z.boolean().optional(),
});
export type CreateColumnInput = z.infer<typeof createColumnInput>;

export const updateColumnInput = z.object({
  columnId: id,
  name: columnName.optional(),
  wipLimit: wipLimit.optional(),
  isDone: z.boolean().optional(),
});
export type UpdateColumnInput = z.infer<typeof updateColumnInput>;

export const columnRow = z.object({
  id,
  board_id: id,
  name: z.string(),
  position: z.string(),
  wip_limit: z.number().int().nullable(),
  is_done: z.boolean(),
  created_at: timestamp,
});
export type ColumnRow = z.infer<typeof columnRow>;

export const labelName = trimmed(1, 24);
export const labelColor = z.enum(LABEL_COLORS, { message: 'Pick a colour from the palette.' });

export const createLabelInput = z.object({
  /** Chosen by the client so a replayed create finds the label it already made (decision 120). */
  id: id.optional(),
  boardId: id,
  name: labelName,
  color: labelColor,
});
export type CreateLabelInput = z.infer<typeof createLabelInput>;

export const updateLabelInput = z.object({
  labelId: id,
  name: labelName.optional(),
  color: labelColor.optional(),
});
export type UpdateLabelInput = z.infer<typeof updateLabelInput>;

export const labelRow = z.object({
  id,
  board_id: id,
  name: z.string(),
  color: labelColor,
  created_at: timestamp,
});
export type LabelRow = z.infer<typeof labelRow>;
