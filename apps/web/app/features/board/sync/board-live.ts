/**
 * @module features/board/sync/board-live — everything on the board that talks to Supabase from the browser: the
 * board channel and the writes. Loaded with `import()` after the page is interactive, so supabase-js and the
 * schemas are not part of the JavaScript the board needs for its first paint.
 */
import { createColumn } from '@lanes/data/boards/create-column';
import { createLabel } from '@lanes/data/boards/create-label';
import { deleteColumn } from '@lanes/data/boards/delete-column';
import { deleteLabel } from '@lanes/data/boards/delete-label';
import { getBoard } from '@lanes/data/boards/get-board';
import { listMoveTargets } from '@lanes/data/boards/list-move-targets';
import { moveColumn } from '@lanes/data/boards/move-column';
import { updateColumn } from '@lanes/data/boards/update-column';
import { updateLabel } from '@lanes/data/boards/update-label';
import { addChecklistItem } from '@lanes/data/checklists/add-checklist-item';
import { checklistItemToTask } from '@lanes/data/checklists/checklist-item-to-task';
import { deleteChecklistItem } from '@lanes/data/checklists/delete-checklist-item';
import { moveChecklistItem } from '@lanes/data/checklists/move-checklist-item';
import { updateChecklistItem } from '@lanes/data/checklists/update-checklist-item';
import { addComment } from '@lanes/data/comments/add-comment';
import { deleteComment } from '@lanes/data/comments/delete-comment';
import { editComment } from '@lanes/data/comments/edit-comment';
import { listMembers } from '@lanes/data/members/list-members';
import { unwatchTask } from '@lanes/data/notifications/unwatch-task';
import { watchTask } from '@lanes/data/notifications/watch-task';
import {
  type BoardEvent,
  type SubscribeBoardInput,
  subscribeBoard,
} from '@lanes/data/realtime/subscribe-board';
import { archiveTask } from '@lanes/data/tasks/archive-task';
import { completeTask } from '@lanes/data/tasks/complete-task';
import { createTask } from '@lanes/data/tasks/create-task';
import { deleteTask } from '@lanes/data/tasks/delete-task';
import { moveTask } from '@lanes/data/tasks/move-task';
import { moveTaskToBoard } from '@lanes/data/tasks/move-task-to-board';
import { setTaskLabels } from '@lanes/data/tasks/set-task-labels';
import { updateTask } from '@lanes/data/tasks/update-task';
import type { LabelColor, Priority } from '@lanes/shared/constants';
import { isLanesError } from '@lanes/shared/errors';
import { refusalMessage } from '#app/lib/form-errors.ts';
import type { PublicEnv } from '#app/lib/public-env.ts';
import { getBrowserClient } from '#app/lib/supabase.client.ts';
import type { BoardTaskCopy } from '#app/lib/task-writes.ts';

import type { Outcome } from './write-queue.ts';

async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (isLanesError(error)) return { ok: false, code: error.code, message: refusalMessage(error) };
    console.error(error);
    return { ok: false, code: 'UNEXPECTED', message: 'Something went wrong.' };
  }
}

export function connect(env: PublicEnv, input: SubscribeBoardInput, onEvent: (event: BoardEvent) => void) {
  // A task moved to another board is, for this one, gone: said here, in the code loaded after first paint.
  return subscribeBoard(getBrowserClient(env), input, (event) =>
    onEvent(event.kind === 'task-left' ? { kind: 'delete', table: 'tasks', id: event.taskId } : event),
  );
}

/** The board's writes, each answering with the row the database stored or the catalogue message. */
export function boardWrites(env: PublicEnv) {
  const client = getBrowserClient(env);
  return {
    moveTask: (input: {
      taskId: string;
      columnId: string;
      beforeId: string | null;
      afterId: string | null;
    }) => attempt(() => moveTask(client, input)),
    moveColumn: (input: { columnId: string; beforeId: string | null; afterId: string | null }) =>
      attempt(() => moveColumn(client, input)),
    createTask: (input: { id: string; boardId: string; columnId: string; title: string }) =>
      attempt(() => createTask(client, input)),
    createColumn: (input: { id?: string; boardId: string; name: string; isDone?: boolean }) =>
      attempt(() => createColumn(client, input)),
    updateColumn: (input: { columnId: string; name?: string; wipLimit?: number | null; isDone?: boolean }) =>
      attempt(() => updateColumn(client, input)),
    deleteColumn: (columnId: string) => attempt(() => deleteColumn(client, { columnId })),
    createLabel: (input: { id?: string; boardId: string; name: string; color: LabelColor }) =>
      attempt(() => createLabel(client, input)),
    updateLabel: (input: { labelId: string; name?: string; color?: LabelColor }) =>
      attempt(() => updateLabel(client, input)),
    deleteLabel: (labelId: string) => attempt(() => deleteLabel(client, { labelId })),
    setTaskLabels: (input: { taskId: string; labelIds: string[] }) =>
      attempt(() => setTaskLabels(client, input)),
    archiveTask: (input: { taskId: string; archived: boolean }) => attempt(() => archiveTask(client, input)),
    moveTaskToBoard: (input: {
      taskId: string;
      boardId: string;
      columnId: string;
      beforeId: string | null;
      afterId: string | null;
    }) => attempt(() => moveTaskToBoard(client, input)),
    /** The task panel's field saves (decision 196); `expectedUpdatedAt` makes a text save a CONFLICT if newer. */
    updateTask: (input: {
      taskId: string;
      title?: string;
      description?: string;
      assigneeId?: string | null;
      dueOn?: string | null;
      priority?: Priority;
      expectedUpdatedAt?: string;
    }) => attempt(() => updateTask(client, input)),
    /** A comment named by the client, so one replayed after a lost answer is not posted twice. */
    addComment: (input: { id: string; taskId: string; body: string }) =>
      attempt(() => addComment(client, input)),
    updateChecklistItem: (input: { itemId: string; done?: boolean; body?: string }) =>
      attempt(() => updateChecklistItem(client, input)),
    deleteChecklistItem: (itemId: string) => attempt(() => deleteChecklistItem(client, { itemId })),
    /** The panel's other writes (decision 202): each sets a value, so sending one twice changes nothing more. */
    completeTask: (input: { taskId: string; completed: boolean }) =>
      attempt(() => completeTask(client, input)),
    deleteTask: (taskId: string) => attempt(() => deleteTask(client, { taskId })),
    setTaskWatch: ({ taskId, watching }: { taskId: string; watching: boolean }) =>
      attempt(() => (watching ? watchTask : unwatchTask)(client, { taskId })),
    editComment: (input: { commentId: string; body: string }) => attempt(() => editComment(client, input)),
    deleteComment: (commentId: string) => attempt(() => deleteComment(client, { commentId })),
    addChecklistItem: (input: { id: string; taskId: string; body: string; checklist?: string }) =>
      attempt(() => addChecklistItem(client, input)),
    moveChecklistItem: (input: { itemId: string; beforeId: string | null; afterId: string | null }) =>
      attempt(() => moveChecklistItem(client, input)),
    checklistItemToTask: (input: { itemId: string; newTaskId: string }) =>
      attempt(() => checklistItemToTask(client, input)),
    /** Not a write: the card menu's "Move to…" reads where a card can go when it opens. */
    listMoveTargets: (workspaceId: string, signal?: AbortSignal) =>
      attempt(() => listMoveTargets(client, { workspaceId }, signal)),
    getBoard: (boardId: string) => attempt(() => getBoard(client, { boardId })),
    /** Not a write: the workspace's people, for a card opened offline (its assignee choices, decision 203). */
    listPeople: async (workspaceSlug: string): Promise<Outcome<BoardTaskCopy['people']>> => {
      const answer = await attempt(() => listMembers(client, { workspaceSlug }));
      if (!answer.ok) return answer;
      return {
        ok: true,
        value: answer.value.map((m) => ({
          id: m.user_id,
          name: m.profile?.display_name ?? 'Unknown',
          avatarPath: m.profile?.avatar_path ?? null,
          role: m.role,
        })),
      };
    },
  };
}

export type BoardWrites = ReturnType<typeof boardWrites>;
