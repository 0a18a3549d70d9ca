/**
 * @module features/board/sync/task-write-plan — what a task panel write (`lib/task-writes`) becomes on the board: the
 * queued board write that stores it, how the card shows it before the server has it, and what the board says if
 * the server refuses it (decisions 196, 202). Loaded after the board's first paint (`use-board-writes`).
 */
import type { Priority } from '@lanes/shared/constants';
import type { TaskWrite } from '#app/lib/task-writes.ts';
import { type BoardModel, type Task, tasksIn } from '../model/board-model.ts';
import type { BoardAction } from '../model/board-reducer.ts';
import type { Input, WriteName } from './board-write-names.ts';

export interface TaskWritePlan<N extends WriteName = WriteName> {
  name: N;
  input: Input<N>;
  /** The card's change shown at once; none when the card does not show it (a description, a watch). */
  shown: BoardAction[];
  /** The server answers with the task's row, which the card then shows. */
  answersRow: boolean;
  /** The board's message when the server refuses it, before the server's reason. */
  refusal: string;
}

const FIELD_KEYS = {
  title: 'title',
  description: 'description',
  assignee: 'assigneeId',
  due: 'dueOn',
  priority: 'priority',
} as const;

const ROW_ANSWERS = new Set<WriteName>([
  'updateTask',
  'moveTask',
  'completeTask',
  'archiveTask',
  'checklistItemToTask',
]);

/**
 * The card a move to the bottom of `columnId` goes below: its last stored card (one still waiting for its create
 * has no place on the server). Named, not "the end", so a move sent twice lands where it was meant to.
 */
function lastStored(model: BoardModel, columnId: string, taskId: string): string | null {
  return (
    tasksIn(model, columnId)
      .filter((t) => !t.pending && t.id !== taskId)
      .at(-1)?.id ?? null
  );
}

const plan = <N extends WriteName>(
  name: N,
  input: Input<N>,
  shown: BoardAction[] = [],
  refusal = 'A change to a task was not saved',
) => ({ name, input, shown, answersRow: ROW_ANSWERS.has(name), refusal }) as TaskWritePlan;

export function planTaskWrite(write: TaskWrite, model: BoardModel): TaskWritePlan {
  const { taskId } = write;
  const card = model.tasks.find((t) => t.id === taskId);
  const gone: BoardAction[] = [{ type: 'delete', table: 'tasks', id: taskId }];
  switch (write.kind) {
    case 'labels':
      return plan('setTaskLabels', { taskId, labelIds: write.labelIds }, [
        { type: 'task-labels', taskId, labelIds: write.labelIds },
      ]);
    case 'column':
      return plan(
        'moveTask',
        {
          taskId,
          columnId: write.columnId,
          beforeId: lastStored(model, write.columnId, taskId),
          afterId: null,
        },
        [{ type: 'place-task', taskId, columnId: write.columnId, index: Number.MAX_SAFE_INTEGER }],
        'The task was not moved',
      );
    case 'done':
      return plan(
        'completeTask',
        { taskId, completed: write.done },
        card ? doneShown(model, card, write.done) : [],
        write.done ? 'The task was not marked done' : 'The task was not reopened',
      );
    case 'archive':
      // An archived card leaves the board at once; a restored one comes back with the server's row.
      return write.archived
        ? plan('archiveTask', { taskId, archived: true }, gone, 'The task was not archived')
        : plan('archiveTask', { taskId, archived: false }, [], 'The task was not restored');
    case 'delete':
      return plan('deleteTask', taskId, gone, 'The task was not deleted');
    case 'watch':
      return plan('setTaskWatch', { taskId, watching: write.watching });
    case 'comment':
      return plan('addComment', { id: write.id, taskId, body: write.body }, counted(card, { comments: 1 }));
    case 'comment-edit':
      return plan('editComment', { commentId: write.commentId, body: write.body });
    case 'comment-delete':
      return plan('deleteComment', write.commentId, counted(card, { comments: -1 }));
    case 'checklist-add': {
      const { id, body, checklist } = write;
      const input = { id, taskId, body, ...(checklist ? { checklist } : {}) };
      return plan('addChecklistItem', input, counted(card, { total: 1 }));
    }
    case 'checklist-item': {
      const { itemId, done, body } = write;
      const shown = done === undefined ? [] : counted(card, { done: done ? 1 : -1 });
      return plan('updateChecklistItem', { itemId, done, body }, shown);
    }
    case 'checklist-move':
      return plan('moveChecklistItem', {
        itemId: write.itemId,
        beforeId: write.beforeId,
        afterId: write.afterId,
      });
    case 'checklist-promote':
      // The new card arrives with the server's row; the item leaves this card's count with the echo.
      return plan(
        'checklistItemToTask',
        { itemId: write.itemId, newTaskId: write.newTaskId },
        [],
        'The checklist item was not made a task',
      );
    case 'checklist-delete':
      return plan('deleteChecklistItem', write.itemId);
    case 'field':
      return fieldPlan(write);
  }
}

/**
 * Done or not done: the card goes to the end of the board's first done (or open) column, where `completeTask`
 * puts it; a card already in such a column stays, as it does on the server (decision 202).
 */
function doneShown(model: BoardModel, card: Task, done: boolean): BoardAction[] {
  const mark: BoardAction = { type: 'patch-task', taskId: card.id, patch: { done: done ? true : undefined } };
  const target = model.columns.find((c) => c.isDone === done);
  const here = model.columns.find((c) => c.id === card.columnId);
  if (!target || here?.isDone === done) return [mark];
  return [{ type: 'place-task', taskId: card.id, columnId: target.id, index: Number.MAX_SAFE_INTEGER }, mark];
}

/** The card's counts moved by a change, never below zero; a zero count is not shown, as `cardCounts` does. */
function counted(card: Task | undefined, delta: { comments?: number; done?: number; total?: number }) {
  if (!card) return [];
  const comments = Math.max(0, (card.comments ?? 0) + (delta.comments ?? 0));
  const total = Math.max(0, (card.checklist?.total ?? 0) + (delta.total ?? 0));
  const done = Math.min(total, Math.max(0, (card.checklist?.done ?? 0) + (delta.done ?? 0)));
  const patch = {
    comments: comments > 0 ? comments : undefined,
    checklist: total > 0 ? { done, total } : undefined,
  };
  return [{ type: 'patch-task', taskId: card.id, patch } satisfies BoardAction];
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
  const shown: BoardAction[] =
    key === 'description' ? [] : [{ type: 'patch-task', taskId, patch: { [key]: value } }];
  return plan('updateTask', input, shown);
}
