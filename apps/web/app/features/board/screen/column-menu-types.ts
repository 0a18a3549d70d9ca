/**
 * @module features/board/screen/column-menu-types — what the column menu and its lazily loaded dialogs share: the
 * column actions they call and the dialogs' names. Apart from both, so the dialogs never import the menu.
 */
import type { Column } from '../model/board-model.ts';

export interface ColumnActions {
  updateColumn(columnId: string, patch: Partial<Pick<Column, 'name' | 'wipLimit' | 'isDone'>>): void;
  deleteColumn(columnId: string, moveTasksTo: string | null): void;
}

export type ColumnDialogName = 'rename' | 'wip' | 'delete';
