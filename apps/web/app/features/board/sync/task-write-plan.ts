/**
 * @module features/board/sync/task-write-plan — what a task panel write (`lib/task-writes`) becomes on the board: the
 * queued board write that stores it, and how the card shows it before the server has it (decision 196).
 */
import type { Priority } from '@lanes/shared/constants';
import type { TaskWrite } from '#app/lib/task-writes.ts';
import type { BoardAction } from '../model/board-reducer.ts';
import type { Input, WriteName } from './board-write-names.ts';

export interface TaskWritePlan<N extends WriteName = WriteName> {
  name: N;
  input: Input<N>;
  /** The card's change shown at once; none when the card does not show the field (description, comments). */
  shown: BoardAction | null;
}

const FIELD_KEYS = {
  title: 'title',
  description: 'description',
  assignee: 'assigneeId',
  due: 'dueOn',
  priority: 'priority',
} as const;

export function planTaskWrite(write: TaskWrite): TaskWritePlan {
  const { taskId } = write;
  if (write.kind === 'labels') {
    const { labelIds } = write;
    return {
      name: 'setTaskLabels',
      input: { taskId, labelIds },
      shown: { type: 'task-labels', taskId, labelIds },
    };
  }
  if (write.kind === 'checklist-item') {
    const { itemId, done, body } = write;
    return { name: 'updateChecklistItem', input: { itemId, done, body }, shown: null };
  }
  if (write.kind === 'checklist-delete') {
    return { name: 'deleteChecklistItem', input: write.itemId, shown: null };
  }
  if (write.kind === 'comment') {
    return { name: 'addComment', input: { id: write.id, taskId, body: write.body }, shown: null };
  }
  const key = FIELD_KEYS[write.field];
  // A title or description may be empty-but-present; an assignee or due date cleared is null.
  const value = key === 'title' || key === 'description' ? (write.value ?? '') : write.value;
  const input = {
    taskId,
    [key]: key === 'priority' ? (value as Priority) : value,
    ...(write.base ? { expectedUpdatedAt: write.base } : {}),
  } as Input<'updateTask'>;
  const shown: BoardAction | null =
    key === 'description' ? null : { type: 'patch-task', taskId, patch: { [key]: value } };
  return { name: 'updateTask', input, shown };
}
