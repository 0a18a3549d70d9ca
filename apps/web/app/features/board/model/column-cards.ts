/**
 * @module features/board/model/column-cards — each column's cards as the board shows them: the ones that pass the
 * filter, in order, and how many the column holds. A column whose shown cards are the very objects it showed
 * last time keeps last time's list, so its memoised `ColumnView` is skipped when the board renders for
 * something else: the live connection coming up, a teammate arriving, a card changing in another column.
 * A fresh list per column per render made every column (its inputs, its sortable wiring) render again at each
 * of the board's renders after hydration (decision 162).
 */
import { useMemo, useRef } from 'react';
import { sameList } from '../sync/reuse-unchanged.ts';
import type { BoardModel, Task } from './board-model.ts';
import { type BoardFilter, matchesFilter } from './filters.ts';

export interface ColumnCards {
  /** The cards that pass the filter, in the column's order. */
  shown: Task[];
  /** All of the column's cards in the model, filtered or not. */
  count: number;
}

const NONE: Task[] = [];

/**
 * The cards of every column of `model`, by column id, in one pass over the tasks (which the model keeps in
 * position order). A list equal item by item to `previous`'s for that column is `previous`'s list.
 */
export function columnCards(
  model: Pick<BoardModel, 'columns' | 'tasks'>,
  filter: BoardFilter,
  previous: Record<string, ColumnCards> = {},
): Record<string, ColumnCards> {
  const shown = new Map<string, Task[]>();
  const counts = new Map<string, number>();
  for (const task of model.tasks) {
    counts.set(task.columnId, (counts.get(task.columnId) ?? 0) + 1);
    if (!matchesFilter(task, filter)) continue;
    const list = shown.get(task.columnId);
    if (list) list.push(task);
    else shown.set(task.columnId, [task]);
  }
  const out: Record<string, ColumnCards> = {};
  for (const column of model.columns) {
    const fresh = shown.get(column.id) ?? NONE;
    const before = previous[column.id]?.shown;
    out[column.id] = {
      shown: before && sameList(before, fresh) ? before : fresh,
      count: counts.get(column.id) ?? 0,
    };
  }
  return out;
}

/** `columnCards` for the board on screen, reusing the lists of its previous render. */
export function useColumnCards(model: BoardModel, filter: BoardFilter): Record<string, ColumnCards> {
  const { columns, tasks } = model;
  const last = useRef<Record<string, ColumnCards>>({});
  return useMemo(() => {
    last.current = columnCards({ columns, tasks }, filter, last.current);
    return last.current;
  }, [columns, tasks, filter]);
}
