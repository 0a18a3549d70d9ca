/**
 * @module features/board/first-cards — a big board's first HTML holds the first cards of each column only:
 * a 500-card board would otherwise ship ~430 KB of markup and data, most of it below the fold. The browser
 * reads the whole board as soon as its live connection joins (decision 133), and a link in each cut column
 * loads the whole board without JavaScript too.
 */
import type { BoardModel, Profile } from './board-model.ts';

/** Enough to fill a tall screen; what is cut lies below the fold, so filling it in moves nothing in view. */
export const FIRST_CARDS_PER_COLUMN = 20;

/** The model with at most `perColumn` cards per column, and how many each column left out. */
export function firstCards(model: BoardModel, perColumn = FIRST_CARDS_PER_COLUMN): BoardModel {
  const shown = new Map<string, number>();
  const hidden: Record<string, number> = {};
  const tasks = model.tasks.filter((task) => {
    const count = shown.get(task.columnId) ?? 0;
    if (count < perColumn) {
      shown.set(task.columnId, count + 1);
      return true;
    }
    hidden[task.columnId] = (hidden[task.columnId] ?? 0) + 1;
    return false;
  });
  if (tasks.length === model.tasks.length) return model;
  const profiles: Record<string, Profile> = {};
  for (const task of tasks) {
    const profile = task.assigneeId ? model.profiles[task.assigneeId] : undefined;
    if (task.assigneeId && profile) profiles[task.assigneeId] = profile;
  }
  return { ...model, tasks, profiles, hidden };
}
