/** @module column-view.fixtures — a column's props with plain defaults, for the board's unit tests to vary. */
import type { Task } from '../model/board-model.ts';
import type { ColumnViewProps } from './column-view.tsx';

export const TEST_COLUMN_ID = '00000000-0000-4000-8000-00000000000a';

/** @example testColumnProps([testTask({ id: 'a', columnId: TEST_COLUMN_ID })]) */
export function testColumnProps(tasks: Task[]): ColumnViewProps {
  return {
    column: { id: TEST_COLUMN_ID, name: 'To do', position: 'V', wipLimit: null, isDone: false },
    tasks,
    total: tasks.length,
    hidden: 0,
    labels: {},
    profiles: {},
    canEdit: true,
    dragNames: {},
    onAddTask: async () => null,
    columns: [],
    actions: { updateColumn() {}, deleteColumn() {} },
    onCardMenu: undefined,
    boardPath: '/w/acme/b/00000000-0000-4000-8000-000000000099',
    onOpenTask() {},
  };
}
