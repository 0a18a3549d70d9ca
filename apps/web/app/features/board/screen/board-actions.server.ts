/**
 * @module features/board/screen/board-actions.server — the board route's form posts, run on the server as the
 * signed-in user: the inline "add" forms when JavaScript is not running, and the board's own settings
 * (rename, description, archive, restore, delete), which are plain forms in every case, and watching the board.
 */

import { archiveBoard } from '@lanes/data/boards/archive-board';
import { createColumn } from '@lanes/data/boards/create-column';
import { deleteBoard } from '@lanes/data/boards/delete-board';
import { updateBoard } from '@lanes/data/boards/update-board';
import type { LanesClient } from '@lanes/data/client';
import { unwatchBoard } from '@lanes/data/notifications/unwatch-board';
import { watchBoard } from '@lanes/data/notifications/watch-board';
import { createTask } from '@lanes/data/tasks/create-task';
import { validationError } from '@lanes/shared/errors';
import { redirect } from 'react-router';
import {
  type ActionResult,
  oneLineErrors,
  readIntent,
  refused,
  succeeded,
  unknownIntent,
} from '#app/lib/action-result.ts';
import { formText } from '#app/lib/form-values.ts';

export const BOARD_INTENTS = [
  'create-task',
  'create-column',
  'update-board',
  'archive-board',
  'restore-board',
  'watch-board',
  'unwatch-board',
  'delete-board',
] as const;
export type BoardIntent = (typeof BOARD_INTENTS)[number];
export type BoardActionResult = ActionResult<BoardIntent>;

interface BoardTarget {
  id: string;
  name(): Promise<string>;
  /** The board's own page, and its workspace's (where a deleted board's owner goes). */
  path: string;
  workspacePath: string;
}

/**
 * Runs the posted intent, then goes back to the board (or to the workspace once the board is deleted); a post
 * with `stay` (the board menu's watch item, so an open task panel stays open) is answered in place. A refusal is
 * one line, for the dialog or the page to show.
 */
export async function runBoardAction(client: LanesClient, board: BoardTarget, form: FormData) {
  const intent = readIntent(form, BOARD_INTENTS);
  if (!intent) return unknownIntent<BoardIntent>('update-board');
  let next: Awaited<ReturnType<typeof run>>;
  try {
    next = await run(client, board, intent, form);
  } catch (error) {
    return refused(intent, error, { errors: oneLineErrors(error) });
  }
  if (next === 'stay') return succeeded(intent);
  // Named by the caller: a fetcher's request URL is the `.data` endpoint, not the page.
  throw redirect(next === 'workspace' ? board.workspacePath : board.path, 303);
}

async function run(
  client: LanesClient,
  board: BoardTarget,
  intent: BoardIntent,
  form: FormData,
): Promise<'board' | 'workspace' | 'stay'> {
  const value = formText(form, 'value');
  const boardId = board.id;
  switch (intent) {
    case 'create-task':
      await createTask(client, { boardId, columnId: formText(form, 'columnId'), title: value });
      return 'board';
    case 'create-column':
      await createColumn(client, { boardId, name: value });
      return 'board';
    case 'update-board':
      await updateBoard(client, {
        boardId,
        name: formText(form, 'name').trim(),
        description: formText(form, 'description').trim(),
      });
      return 'board';
    case 'archive-board':
    case 'restore-board':
      await archiveBoard(client, { boardId, archived: intent === 'archive-board' });
      return 'board';
    case 'watch-board':
    case 'unwatch-board':
      await (intent === 'watch-board' ? watchBoard : unwatchBoard)(client, { boardId });
      return form.get('stay') ? 'stay' : 'board';
    case 'delete-board':
      // Typing the name is the confirmation; a post without it (or with another name) deletes nothing.
      if (formText(form, 'confirm').trim() !== (await board.name())) {
        throw validationError([
          { path: ['confirm'], message: 'Type the board’s name exactly to delete it.' },
        ]);
      }
      await deleteBoard(client, { boardId });
      return 'workspace';
  }
}
