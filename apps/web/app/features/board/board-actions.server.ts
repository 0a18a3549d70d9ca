/**
 * @module features/board/board-actions.server — the inline "add" forms when they are posted without
 * JavaScript: the same data operations, run on the server as the signed-in user.
 */

import { createColumn } from '@lanes/data/boards/create-column';
import type { LanesClient } from '@lanes/data/client';
import { createTask } from '@lanes/data/tasks/create-task';
import { isLanesError } from '@lanes/shared/errors';

export interface BoardActionResult {
  error: string | null;
}

export async function runBoardAction(
  client: LanesClient,
  boardId: string,
  form: FormData,
): Promise<BoardActionResult> {
  const value = String(form.get('value') ?? '');
  try {
    if (form.get('intent') === 'create-task') {
      await createTask(client, { boardId, columnId: String(form.get('columnId') ?? ''), title: value });
    } else if (form.get('intent') === 'create-column') {
      await createColumn(client, { boardId, name: value });
    } else {
      return { error: 'Unknown action.' };
    }
    return { error: null };
  } catch (error) {
    if (isLanesError(error)) {
      // A broken field rule names itself ("At most 200 characters."), which says more than the generic text.
      const fields = Object.values((error.details?.fields ?? {}) as Record<string, unknown>);
      return { error: typeof fields[0] === 'string' ? fields[0] : error.message };
    }
    throw error;
  }
}
