/**
 * @module lib/panel-board — what the board around an open task panel gives it. The board route puts it in its
 * outlet context; the task route hands it to the panel as a prop, so the panel never reads another route's
 * loader data by id, and renders the same inside a board or in a test.
 */
import type { BoardPresence } from './board-presence.ts';
import type { TaskWrites } from './task-writes.ts';

export interface PanelBoard {
  /** The board's live permission: false once archived, or once the user is demoted while here (decision 191). */
  canEdit: boolean;
  /** The board's column names by id, for the activity list's moves. */
  columnNames: Record<string, string>;
  /** The board's write queue, which the panel's edits go through (decision 196). */
  taskWrites?: TaskWrites | undefined;
  /** Who else is on the board and which task each has open (decision 168). */
  presence?: BoardPresence | undefined;
}
