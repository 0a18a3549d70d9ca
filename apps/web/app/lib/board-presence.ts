/**
 * @module lib/board-presence — who is on the board and which task each has open, as the board hands it to an
 * open task panel (through the board route's outlet context): the panel says who else has its task open and
 * tells the board which task this person is viewing. Here, not in either feature, so neither imports the other.
 */
import type { Viewer } from '@lanes/data/realtime/subscribe-board';

export interface BoardPresence {
  /** The other people on the board now, with the task whose panel each has open. */
  viewers: Viewer[];
  /** Tells the others which task this person has open (null: none). */
  viewTask(taskId: string | null): void;
}

/** The others with `taskId` open, in the order the board lists them. */
export function alsoViewing(presence: BoardPresence | undefined, taskId: string): Viewer[] {
  return presence?.viewers.filter((viewer) => viewer.taskId === taskId) ?? [];
}
