/**
 * @module features/archive/archive-actions.server — the archive page's two writes: restore a card (members and
 * up; it returns to its column, at the place it left) and delete one for good (admins and up, after the page
 * asked to confirm). The database decides who may; a refusal or a card someone else already took is a message.
 */
import type { LanesClient } from '@lanes/data/client';
import { archiveTask } from '@lanes/data/tasks/archive-task';
import { deleteTask } from '@lanes/data/tasks/delete-task';
import { LanesError } from '@lanes/shared/errors';
import { data } from 'react-router';
import { toFormErrors } from '#app/lib/form-errors.ts';
import { formText } from '#app/lib/form-values.ts';

export interface ArchiveActionResult {
  intent: 'restore' | 'delete';
  ok: boolean;
  message: string;
}

export async function archiveAction(client: LanesClient, form: FormData) {
  const intent = form.get('intent') === 'delete' ? 'delete' : 'restore';
  const taskId = formText(form, 'taskId');
  const title = formText(form, 'title') || 'The card';
  try {
    if (intent === 'delete') {
      await deleteTask(client, { taskId });
      return { intent, ok: true, message: `Deleted “${title}” for good.` } satisfies ArchiveActionResult;
    }
    await archiveTask(client, { taskId, archived: false });
    return { intent, ok: true, message: `Restored “${title}” to its column.` } satisfies ArchiveActionResult;
  } catch (error) {
    if (!(error instanceof LanesError)) console.error(error);
    const status = error instanceof LanesError ? error.status : 500;
    const message =
      error instanceof LanesError && error.code === 'NOT_FOUND'
        ? `“${title}” is no longer in the archive, or you may not ${intent} it.`
        : (toFormErrors(error).form ?? 'Something went wrong. Please try again.');
    return data<ArchiveActionResult>({ intent, ok: false, message }, { status });
  }
}
