/** @module board-model.fixtures — a board task with plain defaults, for the board's unit tests to vary. */
import type { Task } from './board-model.ts';

/** @example testTask({ id: 'a', columnId: 'todo', title: 'Write docs' }) */
export function testTask(fields: Pick<Task, 'id' | 'columnId'> & Partial<Task>): Task {
  return {
    number: 1,
    title: 'Task',
    position: 'V',
    assigneeId: null,
    dueOn: null,
    priority: 'none',
    labelIds: [],
    updatedAt: '2026-11-21T10:00:00+00:00',
    ...fields,
  };
}
