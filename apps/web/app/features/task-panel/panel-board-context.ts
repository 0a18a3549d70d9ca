/**
 * @module features/task-panel/panel-board-context — the panel's `board` prop, for the fields and the comment
 * box deep inside it that write through the board's queue: provided once by the panel, not threaded through
 * every component between.
 */
import { createContext, useContext } from 'react';
import type { PanelBoard } from '#app/lib/panel-board.ts';
import type { TaskWrites } from '#app/lib/task-writes.ts';

export const PanelBoardContext = createContext<PanelBoard | undefined>(undefined);

/** The board's write queue, or undefined when the panel has no board around it (its writes then post). */
export function useTaskWrites(): TaskWrites | undefined {
  return useContext(PanelBoardContext)?.taskWrites;
}
