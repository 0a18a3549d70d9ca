/**
 * @module features/board/model/board-reducer — every change the board screen shows, in one pure function: optimistic
 * placements (and putting them back when the server refuses), rows arriving from realtime or from our own
 * writes, and a fresh copy of the whole board after a reconnect.
 */
import type { ColumnRow, LabelRow } from '@lanes/shared/schemas/board';
import type { TaskRow } from '@lanes/shared/schemas/task';
import { byNameField } from '#app/lib/names.ts';
import { reuseUnchanged } from '../sync/reuse-unchanged.ts';
import {
  type BoardModel,
  byPosition,
  type Column,
  cardCounts,
  cardCountsDiffer,
  keyBetween,
  type Label,
  type Task,
  tasksIn,
  toColumn,
  toLabel,
  toTask,
} from './board-model.ts';

export type BoardAction =
  | { type: 'reset'; model: BoardModel }
  /** Shows a task at `index` of a column (counted without the task itself) before the server confirms. */
  | { type: 'place-task'; taskId: string; columnId: string; index: number }
  /** Shows a column at `index` of the board (counted without the column itself). */
  | { type: 'place-column'; columnId: string; index: number }
  /** Puts an item back where it was (a refused or cancelled move). */
  | { type: 'restore-task'; taskId: string; columnId: string; position: string }
  | { type: 'restore-column'; columnId: string; position: string }
  /** The server stored `row` (a waiting card of ours has the id the client chose for it, so it is replaced). */
  | { type: 'task-row'; row: TaskRow }
  /** A card added here, shown while its write waits for the server. */
  | { type: 'add-pending-task'; task: Task }
  | { type: 'task-labels'; taskId: string; labelIds: string[] }
  /**
   * A change made in the task panel, shown on the card before the server has it (decisions 196, 202): a field,
   * done or not (with a `place-task` to its column), or a count (a comment, a checklist item).
   */
  | {
      type: 'patch-task';
      taskId: string;
      patch: Partial<
        Pick<Task, 'title' | 'assigneeId' | 'dueOn' | 'priority' | 'done' | 'comments' | 'checklist'>
      >;
    }
  /** One label set on or taken off (a teammate's change, or the echo of ours). */
  | { type: 'task-label'; taskId: string; labelId: string; on: boolean }
  /** An edit shown before the server confirms (a refusal refetches the board). */
  | { type: 'patch-column'; columnId: string; patch: Partial<Omit<Column, 'id' | 'position'>> }
  | { type: 'patch-label'; labelId: string; patch: Partial<Omit<Label, 'id'>> }
  | { type: 'column-row'; row: ColumnRow }
  | { type: 'label-row'; row: LabelRow }
  | { type: 'delete'; table: 'tasks' | 'columns' | 'labels'; id: string };

export function boardReducer(model: BoardModel, action: BoardAction): BoardModel {
  switch (action.type) {
    case 'reset': {
      // A fresh copy of the board does not know the cards whose writes are still waiting: keep showing them,
      // unless it holds them already (the create reached the server, its answer has not reached us).
      const known = new Set(action.model.tasks.map((t) => t.id));
      const pending = model.tasks.filter((t) => t.pending && !known.has(t.id));
      const fresh =
        pending.length === 0
          ? action.model
          : { ...action.model, tasks: [...action.model.tasks, ...pending].sort(byPosition) };
      return reuseUnchanged(model, fresh);
    }
    case 'add-pending-task': {
      if (model.tasks.some((t) => t.id === action.task.id)) return model;
      const last = tasksIn(model, action.task.columnId).at(-1);
      const task = { ...action.task, position: keyBetween(last?.position ?? null, null) };
      return { ...model, tasks: [...model.tasks, task] };
    }
    case 'patch-task':
      return mapTask(model, action.taskId, (t) => ({ ...t, ...action.patch }));
    case 'task-labels':
      return mapTask(model, action.taskId, (t) => ({ ...t, labelIds: action.labelIds }));
    case 'task-label':
      return mapTask(model, action.taskId, (t) => {
        const others = t.labelIds.filter((l) => l !== action.labelId);
        return { ...t, labelIds: action.on ? [...others, action.labelId] : others };
      });
    case 'patch-column':
      return {
        ...model,
        columns: model.columns.map((c) => (c.id === action.columnId ? { ...c, ...action.patch } : c)),
      };
    case 'patch-label': {
      const labels = model.labels.map((l) => (l.id === action.labelId ? { ...l, ...action.patch } : l));
      return { ...model, labels: labels.sort(byNameField) };
    }
    case 'place-task':
      return placeTask(model, action.taskId, action.columnId, action.index);
    case 'place-column': {
      const others = model.columns.filter((c) => c.id !== action.columnId);
      const moving = model.columns.find((c) => c.id === action.columnId);
      if (!moving) return model;
      const position = between(others, action.index);
      return { ...model, columns: [...others, { ...moving, position }].sort(byPosition) };
    }
    case 'restore-task':
      return mapTask(model, action.taskId, (t) => ({
        ...t,
        columnId: action.columnId,
        position: action.position,
      }));
    case 'restore-column':
      return {
        ...model,
        columns: model.columns
          .map((c) => (c.id === action.columnId ? { ...c, position: action.position } : c))
          .sort(byPosition),
      };
    case 'task-row':
      return taskRow(model, action.row);
    case 'column-row': {
      const column = toColumn(action.row);
      return {
        ...model,
        columns: [...model.columns.filter((c) => c.id !== column.id), column].sort(byPosition),
      };
    }
    case 'label-row': {
      const label = toLabel(action.row);
      const labels = [...model.labels.filter((l) => l.id !== label.id), label];
      return { ...model, labels: labels.sort(byNameField) };
    }
    case 'delete':
      if (action.table === 'tasks') return { ...model, tasks: model.tasks.filter((t) => t.id !== action.id) };
      if (action.table === 'labels') {
        return {
          ...model,
          labels: model.labels.filter((l) => l.id !== action.id),
          tasks: model.tasks.map((t) =>
            t.labelIds.includes(action.id)
              ? { ...t, labelIds: t.labelIds.filter((id) => id !== action.id) }
              : t,
          ),
        };
      }
      // A deleted column takes its tasks with it (the database cascades; their deletes may not all arrive).
      return {
        ...model,
        columns: model.columns.filter((c) => c.id !== action.id),
        tasks: model.tasks.filter((t) => t.columnId !== action.id),
      };
  }
}

/** A provisional key for slot `index` of `list` (which no longer contains the moving item). */
function between<T extends { position: string }>(list: T[], index: number): string {
  const at = Math.max(0, Math.min(index, list.length));
  return keyBetween(list[at - 1]?.position ?? null, list[at]?.position ?? null);
}

function placeTask(model: BoardModel, taskId: string, columnId: string, index: number): BoardModel {
  const others = tasksIn(model, columnId).filter((t) => t.id !== taskId);
  const position = between(others, index);
  return mapTask(model, taskId, (t) => ({ ...t, columnId, position }));
}

function mapTask(model: BoardModel, taskId: string, change: (task: Task) => Task): BoardModel {
  if (!model.tasks.some((t) => t.id === taskId)) return model;
  return { ...model, tasks: model.tasks.map((t) => (t.id === taskId ? change(t) : t)).sort(byPosition) };
}

function taskRow(model: BoardModel, row: TaskRow): BoardModel {
  const existing = model.tasks.find((t) => t.id === row.id);
  // An archived task leaves the board. An echo no newer than what we show is ignored: it is a version we
  // already have (a late realtime echo of our own write), and applying it would undo a move shown since.
  if (row.archived_at !== null) return { ...model, tasks: model.tasks.filter((t) => t.id !== row.id) };
  if (existing && Date.parse(existing.updatedAt) >= Date.parse(row.updated_at)) {
    // Counts change without a new `updated_at` (a teammate's comment is not an edit of the task): take them
    // alone, keeping the place and fields shown (decision 185).
    if (!cardCountsDiffer(existing, row)) return model;
    const { done: _d, comments: _c, attachments: _a, checklist: _l, cover: _v, ...rest } = existing;
    return mapTask(model, row.id, () => ({ ...rest, ...cardCounts(row) }));
  }
  // Label links live in another table, streamed as their own events: keep the ones we know.
  const task = toTask(row, existing?.labelIds ?? []);
  const unknownAssignee = task.assigneeId !== null && !model.profiles[task.assigneeId];
  return {
    ...model,
    tasks: [...model.tasks.filter((t) => t.id !== row.id), task].sort(byPosition),
    stale: model.stale || unknownAssignee,
  };
}
