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
import { isLanesError } from '@lanes/shared/errors';
import { refusalMessage } from '#app/lib/form-errors.ts';

export interface BoardActionResult {
  error: string | null;
  /**
   * Where to go next: the board itself, or the workspace once the board is deleted; `stay` answers in place
   * (the board menu's watch item posts with `stay`, so an open task panel stays open).
   */
  next?: 'board' | 'workspace' | 'stay';
}

export async function runBoardAction(
  client: LanesClient,
  board: { id: string; name(): Promise<string> },
  form: FormData,
): Promise<BoardActionResult> {
  const value = String(form.get('value') ?? '');
  const boardId = board.id;
  try {
    switch (form.get('intent')) {
      case 'create-task':
        await createTask(client, { boardId, columnId: String(form.get('columnId') ?? ''), title: value });
        break;
      case 'create-column':
        await createColumn(client, { boardId, name: value });
        break;
      case 'update-board':
        await updateBoard(client, {
          boardId,
          name: String(form.get('name') ?? '').trim(),
          description: String(form.get('description') ?? '').trim(),
        });
        break;
      case 'archive-board':
      case 'restore-board':
        await archiveBoard(client, { boardId, archived: form.get('intent') === 'archive-board' });
        break;
      case 'watch-board':
      case 'unwatch-board':
        await (form.get('intent') === 'watch-board' ? watchBoard : unwatchBoard)(client, { boardId });
        return { error: null, next: form.get('stay') ? 'stay' : 'board' };
      case 'delete-board':
        // Typing the name is the confirmation; a post without it (or with another name) deletes nothing.
        if (String(form.get('confirm') ?? '').trim() !== (await board.name())) {
          return { error: 'Type the board’s name exactly to delete it.' };
        }
        await deleteBoard(client, { boardId });
        return { error: null, next: 'workspace' };
      default:
        return { error: 'Unknown action.' };
    }
    return { error: null, next: 'board' };
  } catch (error) {
    if (isLanesError(error)) {
      return { error: refusalMessage(error) };
    }
    throw error;
  }
}
