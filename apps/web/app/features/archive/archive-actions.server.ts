/**
 * @module features/archive/archive-actions.server — the archive page's two writes: restore a card (members and
 * up; it returns to its column, at the place it left) and delete one for good (admins and up, after the page
 * asked to confirm). The database decides who may; a refusal or a card someone else already took is a message.
 */
import type { LanesClient } from '@lanes/data/client';
import { archiveTask } from '@lanes/data/tasks/archive-task';
import { deleteTask } from '@lanes/data/tasks/delete-task';
import { LanesError } from '@lanes/shared/errors';
import { refused, succeeded } from '#app/lib/action-result.ts';
import { toFormErrors } from '#app/lib/form-errors.ts';
import { formText } from '#app/lib/form-values.ts';

export async function archiveAction(client: LanesClient, form: FormData) {
  const intent = form.get('intent') === 'delete' ? 'delete' : 'restore';
  const taskId = formText(form, 'taskId');
  const title = formText(form, 'title') || 'The card';
  try {
    if (intent === 'delete') {
      await deleteTask(client, { taskId });
      return succeeded(intent, { done: `Deleted “${title}” for good.` });
    }
    await archiveTask(client, { taskId, archived: false });
    return succeeded(intent, { done: `Restored “${title}” to its column.` });
  } catch (error) {
    const errors = toFormErrors(error);
    // A card another tab already restored or deleted reads as gone, in words that name it.
    if (error instanceof LanesError && error.code === 'NOT_FOUND') {
      errors.form = `“${title}” is no longer in the archive, or you may not ${intent} it.`;
    }
    errors.form ??= 'Something went wrong. Please try again.';
    return refused(intent, error, { errors });
  }
}
