/**
 * @module features/board/dnd/card-moves — moving a card without dragging (the card menu's "Move to…"): to the top
 * or the bottom of a column. Shown at once, then sent as the same `moveTask` write a drop sends, through the
 * ordered write queue; a refusal puts the card back where it was. Or to a column of another board of the
 * workspace (`planBoardMove`), as a `moveTaskToBoard` write.
 */
import type { Dispatch } from 'react';
import type { BoardModel } from '../model/board-model.ts';
import type { BoardAction } from '../model/board-reducer.ts';

export type CardPlace = 'top' | 'bottom';

export interface CardMoveDeps {
  model(): BoardModel;
  dispatch: Dispatch<BoardAction>;
  persistTask(input: {
    taskId: string;
    columnId: string;
    beforeId: string | null;
    afterId: string | null;
  }): Promise<string | null>;
  refused(message: string): void;
}

/** Where the card lands, as the place action and its new neighbours; null when it would not move at all. */
export function planCardMove(model: BoardModel, taskId: string, columnId: string, place: CardPlace) {
  const task = model.tasks.find((t) => t.id === taskId);
  if (!task || task.pending || !model.columns.some((c) => c.id === columnId)) return null;
  // Only types from the board's modules: this file is loaded with the card menu, after first paint, and a value
  // import would split the board's first-paint chunk in two (decision 186).
  const others = model.tasks.filter((t) => t.columnId === columnId && t.id !== taskId);
  const neighbours =
    place === 'top'
      ? { beforeId: null, afterId: others[0]?.id ?? null }
      : { beforeId: others.at(-1)?.id ?? null, afterId: null };
  const here = model.tasks.filter((t) => t.columnId === columnId);
  const at = here.findIndex((t) => t.id === taskId);
  const now = { beforeId: here[at - 1]?.id ?? null, afterId: here[at + 1]?.id ?? null };
  if (
    task.columnId === columnId &&
    now.beforeId === neighbours.beforeId &&
    now.afterId === neighbours.afterId
  )
    return null;
  const index = place === 'top' ? 0 : Number.MAX_SAFE_INTEGER;
  const action: BoardAction = { type: 'place-task', taskId, columnId, index };
  return { action, neighbours, from: { columnId: task.columnId, position: task.position } };
}

export async function moveCard(deps: CardMoveDeps, taskId: string, columnId: string, place: CardPlace) {
  const plan = planCardMove(deps.model(), taskId, columnId, place);
  if (!plan) return;
  deps.dispatch(plan.action);
  const refusal = await deps.persistTask({ taskId, columnId, ...plan.neighbours });
  if (refusal) {
    deps.dispatch({ type: 'restore-task', taskId, ...plan.from });
    deps.refused(refusal);
  }
}

/** A column of another board, as the "Move to…" dialog read it: with its top open card, if it has any. */
export interface OtherBoardColumn {
  boardId: string;
  columnId: string;
  firstTaskId: string | null;
}

/**
 * The `moveTaskToBoard` write for a card going to the top (above that column's first card) or the bottom of a
 * column on another board; null when the card cannot go (gone, or still being saved: no place on the server).
 */
export function planBoardMove(model: BoardModel, taskId: string, to: OtherBoardColumn, place: CardPlace) {
  const task = model.tasks.find((t) => t.id === taskId);
  if (!task || task.pending) return null;
  return {
    taskId,
    boardId: to.boardId,
    columnId: to.columnId,
    beforeId: null,
    afterId: place === 'top' ? to.firstTaskId : null,
  };
}
