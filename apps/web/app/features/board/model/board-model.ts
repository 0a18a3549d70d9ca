/**
 * @module features/board/model/board-model — the board as the screen holds it: columns, tasks and labels kept in
 * their fractional-key order, the assignees' profiles, and the conversions from loader data and realtime rows.
 */
import type { GetBoardResult } from '@lanes/data/boards/get-board';
import type { Priority } from '@lanes/shared/constants';
import type { ColumnRow, LabelRow } from '@lanes/shared/schemas/board';
import type { TaskRow } from '@lanes/shared/schemas/task';
import { byNameField } from '#app/lib/names.ts';

export interface Column {
  id: string;
  name: string;
  position: string;
  wipLimit: number | null;
  isDone: boolean;
}

export interface Task {
  id: string;
  columnId: string;
  number: number;
  title: string;
  position: string;
  assigneeId: string | null;
  dueOn: string | null;
  priority: Priority;
  labelIds: string[];
  updatedAt: string;
  /** Completed (it sits in a done column): a done card is never shown overdue. Absent: open. */
  done?: true;
  /** What the card face counts (decision 185), kept by the database on the task row; absent when zero. */
  comments?: number;
  attachments?: number;
  checklist?: { done: number; total: number };
  /** The cover image's attachment id (decision 197), drawn through the task's file route; absent: none. */
  cover?: string;
  /** Added here but not yet stored (offline, or on its way): shown, not movable, numbered by the server later. */
  pending?: true;
}

export interface Label {
  id: string;
  name: string;
  color: LabelRow['color'];
}

export interface Profile {
  name: string;
  avatarPath: string | null;
}

export interface BoardModel {
  columns: Column[];
  tasks: Task[];
  labels: Label[];
  profiles: Record<string, Profile>;
  /** A change arrived that this model cannot show faithfully (e.g. an assignee it has no profile for). */
  stale: boolean;
  /**
   * Cards left out of a big board's first HTML, counted by column (`FIRST_CARDS_PER_COLUMN`); the rest arrive
   * with the first full read in the browser. Absent when every card is here.
   */
  hidden?: Record<string, number>;
}

/**
 * A big board's first HTML holds this many cards of each column (decision 146), and its loader reads no more
 * (decision 128). Enough to fill a tall screen: what is cut lies below the fold, so filling it in moves nothing
 * in view. The browser reads the whole board as soon as its live connection joins (decision 133).
 */
export const FIRST_CARDS_PER_COLUMN = 20;

/** Keys are compared byte-wise, as Postgres does with the `"C"` collation of `position_key`. */
export function byPosition<T extends { position: string; id: string }>(a: T, b: T): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function fromBoard(board: GetBoardResult): BoardModel {
  const profiles: Record<string, Profile> = {};
  for (const task of board.tasks) {
    if (task.assignee) {
      profiles[task.assignee.id] = {
        name: task.assignee.display_name,
        avatarPath: task.assignee.avatar_path,
      };
    }
  }
  return {
    columns: board.columns.map(toColumn).sort(byPosition),
    tasks: board.tasks.map((t) => toTask(t, t.labelIds)).sort(byPosition),
    // In the order live updates keep (the reducer), not the database's collation.
    labels: board.labels.map(toLabel).sort(byNameField),
    profiles,
    stale: false,
    ...(Object.keys(board.hidden).length > 0 ? { hidden: board.hidden } : {}),
  };
}

export function toColumn(row: ColumnRow): Column {
  return { id: row.id, name: row.name, position: row.position, wipLimit: row.wip_limit, isDone: row.is_done };
}

export function toTask(row: TaskRow, labelIds: string[]): Task {
  return {
    id: row.id,
    columnId: row.column_id,
    number: row.number,
    title: row.title,
    position: row.position,
    assigneeId: row.assignee_id,
    dueOn: row.due_on,
    priority: row.priority,
    labelIds,
    updatedAt: row.updated_at,
    ...cardCounts(row),
  };
}

/**
 * The card-face fields of a task row, left out when zero or open: a 500-card board's HTML carries them for
 * every card, so nothing travels that says nothing.
 */
export function cardCounts(
  row: TaskRow,
): Pick<Task, 'done' | 'comments' | 'attachments' | 'checklist' | 'cover'> {
  return {
    ...(row.completed_at !== null ? { done: true as const } : {}),
    ...(row.comment_count > 0 ? { comments: row.comment_count } : {}),
    ...(row.attachment_count > 0 ? { attachments: row.attachment_count } : {}),
    ...(row.checklist_total > 0
      ? { checklist: { done: row.checklist_done, total: row.checklist_total } }
      : {}),
    ...(row.cover_attachment_id !== null ? { cover: row.cover_attachment_id } : {}),
  };
}

/** Whether a row's card-face fields differ from what a card shows. */
export function cardCountsDiffer(task: Task, row: TaskRow): boolean {
  const next = cardCounts(row);
  return (
    task.done !== next.done ||
    task.comments !== next.comments ||
    task.attachments !== next.attachments ||
    task.checklist?.done !== next.checklist?.done ||
    task.checklist?.total !== next.checklist?.total ||
    task.cover !== next.cover
  );
}

export function toLabel(row: LabelRow): Label {
  return { id: row.id, name: row.name, color: row.color };
}

export function tasksIn(model: BoardModel, columnId: string): Task[] {
  return model.tasks.filter((task) => task.columnId === columnId);
}

const LOW = 0x2f; // below '0', the smallest base-62 digit: "no character here"
const HIGH = 0x7b; // above 'z'

/**
 * A provisional key strictly between `a` and `b` (null: that end), for showing an optimistic move in place
 * until the server's `move_task` answers with the real key. Only the database's keys are ever stored.
 * @example keyBetween('V', 'W') // 'Vi' (some key with 'V' < key < 'W')
 */
export function keyBetween(a: string | null, b: string | null): string {
  let out = '';
  let bounded = b !== null;
  for (let i = 0; i < 1024; i += 1) {
    const lo = a !== null && i < a.length ? a.charCodeAt(i) : LOW;
    const hi = bounded && b !== null && i < b.length ? b.charCodeAt(i) : HIGH;
    if (hi - lo > 1) return out + String.fromCharCode(Math.floor((lo + hi) / 2));
    // No room at this digit: keep a's digit (or the lowest one) and look one digit further.
    const keep = lo === LOW ? 0x30 : lo;
    if (keep < hi) bounded = false;
    out += String.fromCharCode(keep);
  }
  return out;
}

/** The items right above and below `id` in an ordered list: what `move_task` / `move_column` are told. */
export function neighboursOf<T extends { id: string }>(
  list: T[],
  id: string,
): { beforeId: string | null; afterId: string | null } {
  const at = list.findIndex((item) => item.id === id);
  return { beforeId: list[at - 1]?.id ?? null, afterId: list[at + 1]?.id ?? null };
}
