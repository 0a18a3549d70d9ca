/**
 * @module lib/task-writes — the shape of the task panel's writes that the board sends through its write queue
 * (decisions 196, 202), and what the board tells the panel of a task it holds (decision 203). The board owns
 * the queue; the panel only names the change. Types only: nothing here runs.
 */
import type { Role } from '@lanes/shared/constants';

/**
 * One change to a task, as plain JSON (it may wait in the board's journal across a reload). Each is a value to
 * set, never a toggle, and what it creates carries a client-chosen id, so a write sent again after its answer
 * was lost does not act twice.
 */
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
  /** Moved to the bottom of another column of its board. */
  | { kind: 'column'; taskId: string; columnId: string }
  | { kind: 'done'; taskId: string; done: boolean }
  | { kind: 'archive'; taskId: string; archived: boolean }
  /** Deleting an archived task for good; one already gone counts as deleted. */
  | { kind: 'delete'; taskId: string }
  | { kind: 'watch'; taskId: string; watching: boolean }
  | { kind: 'comment'; taskId: string; id: string; body: string }
  | { kind: 'comment-edit'; taskId: string; commentId: string; body: string }
  | { kind: 'comment-delete'; taskId: string; commentId: string }
  /** A checklist item added (to `checklist`, or the default one), named by the client. */
  | { kind: 'checklist-add'; taskId: string; id: string; body: string; checklist?: string }
  /** A checklist item ticked, unticked or renamed. */
  | { kind: 'checklist-item'; taskId: string; itemId: string; done?: boolean; body?: string }
  | {
      kind: 'checklist-move';
      taskId: string;
      itemId: string;
      beforeId: string | null;
      afterId: string | null;
    }
  /** A checklist item made a task of its own, named by the client (`newTaskId`). */
  | { kind: 'checklist-promote'; taskId: string; itemId: string; newTaskId: string }
  | { kind: 'checklist-delete'; taskId: string; itemId: string };

export type TaskWriteAnswer = { ok: true } | { ok: false; code: string; message: string };

/** What the board holds of one task: enough for a panel to open from it while offline (decision 203). */
export interface BoardTaskCopy {
  task: {
    id: string;
    boardId: string;
    number: number;
    title: string;
    columnId: string;
    assigneeId: string | null;
    dueOn: string | null;
    priority: string;
    labelIds: string[];
    updatedAt: string;
    done: boolean;
    comments: number;
    attachments: number;
    checklist: { done: number; total: number };
  };
  labels: { id: string; name: string; color: string }[];
  /**
   * The workspace's members (read once the board is live) and anyone else the board knows (its assignees, and
   * the reader); `role` where it is known, so a viewer is not offered as an assignee.
   */
  people: { id: string; name: string; avatarPath: string | null; role?: Role }[];
  /** The reader's user id. */
  me: string;
}

/** A new comment still waiting in the board's queue or journal (it may come from a page closed since). */
export interface WaitingComment {
  id: string;
  body: string;
}

/** Handed down by the board route to the panel (its outlet context) while the board's queue is ready. */
export interface TaskWrites {
  /** Shows the change on the board at once and queues it; answers once the server stored or refused it. */
  send(write: TaskWrite, onUnreachable?: () => void): Promise<TaskWriteAnswer>;
  /** The board's copy of a task, or null when the board does not hold it. */
  copyOf(taskId: string): BoardTaskCopy | null;
  /** The task's new comments the queue has not had answered yet, oldest first (the journal's too). */
  waitingComments(taskId: string): WaitingComment[];
  /**
   * The task's new comments this page had stored, oldest first (the latest hundred of the board). A journal
   * replayed after a reload can store one before the panel listens: a thread read before it reads again.
   */
  storedComments(taskId: string): WaitingComment[];
  /** Calls `listener` whenever the waiting writes change; answers a function that stops it. */
  subscribe(listener: () => void): () => void;
}
