/**
 * @module lib/task-writes — the shape of the task panel's writes that the board sends through its write queue
 * (decision 196). The board owns the queue; the panel only names the change. Types only: nothing here runs.
 */

/** One change to a task, as plain JSON (it may wait in the board's journal across a reload). */
export type TaskWrite =
  | {
      kind: 'field';
      taskId: string;
      field: 'title' | 'description' | 'assignee' | 'due' | 'priority';
      /** The new value; null clears an assignee or a due date. */
      value: string | null;
      /** The version (`updated_at`) a text edit began from: a newer one on the server is a CONFLICT. */
      base?: string;
    }
  | { kind: 'labels'; taskId: string; labelIds: string[] }
  | { kind: 'comment'; taskId: string; id: string; body: string }
  /** A checklist item ticked, unticked or renamed. */
  | { kind: 'checklist-item'; taskId: string; itemId: string; done?: boolean; body?: string }
  | { kind: 'checklist-delete'; taskId: string; itemId: string };

export type TaskWriteAnswer = { ok: true } | { ok: false; code: string; message: string };

/** Handed down by the board route to the panel (its outlet context) while the board's queue is ready. */
export interface TaskWrites {
  /** Shows the change on the board at once and queues it; answers once the server stored or refused it. */
  send(write: TaskWrite, onUnreachable?: () => void): Promise<TaskWriteAnswer>;
}
