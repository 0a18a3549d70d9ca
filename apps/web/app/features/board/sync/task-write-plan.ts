/**
 * @module features/board/sync/task-write-plan — what a task panel write (`lib/task-writes`) becomes on the board: the
 * queued board write that stores it, and how the card shows it before the server has it (decisions 196, 202).
 */
import type { Priority } from '@lanes/shared/constants';
import type { TaskWrite } from '#app/lib/task-writes.ts';
import type { BoardAction } from '../model/board-reducer.ts';
import type { Input, WriteName } from './board-write-names.ts';

export interface TaskWritePlan<N extends WriteName = WriteName> {
  name: N;
  input: Input<N>;
  /** The card's change shown at once; none when the card does not show it (a description, a watch). */
  shown: BoardAction | null;
}

const FIELD_KEYS = {
  title: 'title',
  description: 'description',
  assignee: 'assigneeId',
  due: 'dueOn',
  priority: 'priority',
} as const;

const plan = <N extends WriteName>(name: N, input: Input<N>, shown: BoardAction | null = null) =>
  ({ name, input, shown }) as TaskWritePlan;

const counts = (
  taskId: string,
  delta: Omit<Extract<BoardAction, { type: 'task-counts' }>, 'type' | 'taskId'>,
) => ({ type: 'task-counts', taskId, ...delta }) as const;

export function planTaskWrite(write: TaskWrite): TaskWritePlan {
  const { taskId } = write;
  switch (write.kind) {
    case 'labels':
      return plan(
        'setTaskLabels',
        { taskId, labelIds: write.labelIds },
        { type: 'task-labels', taskId, labelIds: write.labelIds },
      );
    case 'done':
      return plan(
        'completeTask',
        { taskId, completed: write.done },
        { type: 'task-done', taskId, done: write.done },
      );
    case 'archive':
      // An archived card leaves the board at once; a restored one comes back with the server's row.
      return plan(
        'archiveTask',
        { taskId, archived: write.archived },
        write.archived ? { type: 'delete', table: 'tasks', id: taskId } : null,
      );
    case 'delete':
      return plan('deleteTask', taskId, { type: 'delete', table: 'tasks', id: taskId });
    case 'watch':
      return plan('setTaskWatch', { taskId, watching: write.watching });
    case 'comment':
      return plan('addComment', { id: write.id, taskId, body: write.body }, counts(taskId, { comments: 1 }));
    case 'comment-edit':
      return plan('editComment', { commentId: write.commentId, body: write.body });
    case 'comment-delete':
      return plan('deleteComment', write.commentId, counts(taskId, { comments: -1 }));
    case 'checklist-add': {
      const { id, body, checklist } = write;
      const input = { id, taskId, body, ...(checklist ? { checklist } : {}) };
      return plan('addChecklistItem', input, counts(taskId, { checklistTotal: 1 }));
    }
    case 'checklist-item': {
      const { itemId, done, body } = write;
      const shown = done === undefined ? null : counts(taskId, { checklistDone: done ? 1 : -1 });
      return plan('updateChecklistItem', { itemId, done, body }, shown);
    }
    case 'checklist-move':
      return plan('moveChecklistItem', {
        itemId: write.itemId,
        beforeId: write.beforeId,
        afterId: write.afterId,
      });
    case 'checklist-promote':
      // The new card arrives with the server's row; the item leaves this card's count then (the echo).
      return plan('checklistItemToTask', { itemId: write.itemId, newTaskId: write.newTaskId });
    case 'checklist-delete':
      return plan('deleteChecklistItem', write.itemId);
    case 'field':
      return fieldPlan(write);
  }
}

function fieldPlan(write: Extract<TaskWrite, { kind: 'field' }>): TaskWritePlan {
  const { taskId } = write;
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
  return plan('updateTask', input, shown);
}
