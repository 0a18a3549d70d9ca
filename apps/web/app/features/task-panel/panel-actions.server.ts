/**
 * @module features/task-panel/panel-actions.server — every write of the panel, posted as a form (by the
 * panel's fetchers, or by a plain form without JavaScript) and run on the server as the signed-in user, so
 * row-level security decides exactly as it does for the browser's own client.
 */
import { deleteAttachment } from '@lanes/data/attachments/delete-attachment';
import { addChecklistItem } from '@lanes/data/checklists/add-checklist-item';
import { checklistItemToTask } from '@lanes/data/checklists/checklist-item-to-task';
import { deleteChecklistItem } from '@lanes/data/checklists/delete-checklist-item';
import { moveChecklistItem } from '@lanes/data/checklists/move-checklist-item';
import { updateChecklistItem } from '@lanes/data/checklists/update-checklist-item';
import type { LanesClient } from '@lanes/data/client';
import { addComment } from '@lanes/data/comments/add-comment';
import { deleteComment } from '@lanes/data/comments/delete-comment';
import { editComment } from '@lanes/data/comments/edit-comment';
import { unwatchTask } from '@lanes/data/notifications/unwatch-task';
import { watchTask } from '@lanes/data/notifications/watch-task';
import { archiveTask } from '@lanes/data/tasks/archive-task';
import { completeTask } from '@lanes/data/tasks/complete-task';
import { deleteTask } from '@lanes/data/tasks/delete-task';
import { moveTask } from '@lanes/data/tasks/move-task';
import { setTaskCover } from '@lanes/data/tasks/set-task-cover';
import { setTaskLabels } from '@lanes/data/tasks/set-task-labels';
import { updateTask } from '@lanes/data/tasks/update-task';
import type { Priority } from '@lanes/shared/constants';
import { isLanesError, LanesError } from '@lanes/shared/errors';
import { redirect } from 'react-router';
import { type ActionResult, oneLineErrors, refusal, succeeded } from '#app/lib/action-result.ts';

export type PanelIntent =
  | 'title'
  | 'description'
  | 'column'
  | 'assignee'
  | 'due'
  | 'priority'
  | 'labels'
  | 'done'
  | 'archive'
  | 'delete-task'
  | 'comment'
  | 'edit-comment'
  | 'delete-comment'
  | 'delete-attachment'
  | 'cover'
  | 'watch'
  | ChecklistIntent;

/** The checklist section's writes (decision 184). */
export type ChecklistIntent =
  | 'checklist-add'
  | 'checklist-check'
  | 'checklist-edit'
  | 'checklist-move'
  | 'checklist-delete'
  | 'checklist-to-task';

/** A refusal is one line (`errors.form`), shown at the field or the form that asked. */
export type PanelActionResult = ActionResult<string>;

/**
 * Runs one posted intent; a refusal comes back as the catalogue message for the field that asked, in place
 * (200, see `refusal`). A deleted task sends the page back to `boardPath`.
 */
export async function runPanelAction(
  client: LanesClient,
  task: { id: string; boardPath: string },
  form: FormData,
): Promise<PanelActionResult> {
  const taskId = task.id;
  const intent = String(form.get('intent') ?? '');
  const value = String(form.get('value') ?? '');
  const emptyIsNull = value === '' ? null : value;
  // Text saves carry the version (`updated_at`) the editor started from: a teammate's change since then is a
  // CONFLICT, never silently overwritten (decision 194). Without it (no-JS forms), the save is unconditional.
  const base = String(form.get('base') ?? '');
  const version = base === '' ? {} : { expectedUpdatedAt: base };
  try {
    switch (intent) {
      case 'title':
        await updateTask(client, { taskId, title: value, ...version });
        break;
      case 'description':
        await updateTask(client, { taskId, description: value, ...version });
        break;
      case 'column':
        // Another column of the same board, at its bottom: `move_task` with no neighbours (decision 200).
        await moveTask(client, { taskId, columnId: value, beforeId: null, afterId: null });
        break;
      case 'assignee':
        await updateTask(client, { taskId, assigneeId: emptyIsNull });
        break;
      case 'due':
        await updateTask(client, { taskId, dueOn: emptyIsNull });
        break;
      case 'priority':
        // Any posted string until the operation parses it (VALIDATION otherwise).
        await updateTask(client, { taskId, priority: value as Priority });
        break;
      case 'labels':
        await setTaskLabels(client, { taskId, labelIds: form.getAll('labelId').map(String) });
        break;
      case 'done':
        await completeTask(client, { taskId, completed: value === 'true' });
        break;
      case 'archive':
        await archiveTask(client, { taskId, archived: value === 'true' });
        break;
      case 'delete-task':
        await deleteTask(client, { taskId });
        throw redirect(task.boardPath, 303);
      case 'comment':
        await addComment(client, { taskId, body: String(form.get('body') ?? '') });
        break;
      case 'edit-comment':
        await editComment(client, {
          commentId: String(form.get('commentId') ?? ''),
          body: String(form.get('body') ?? ''),
        });
        break;
      case 'delete-comment':
        await deleteComment(client, { commentId: String(form.get('commentId') ?? '') });
        break;
      case 'watch':
        await (value === 'true' ? watchTask : unwatchTask)(client, { taskId });
        break;
      case 'delete-attachment':
        await deleteAttachment(client, { attachmentId: String(form.get('attachmentId') ?? '') });
        break;
      case 'cover':
        // An attachment id makes that image the cover; an empty value removes it (decision 197).
        await setTaskCover(client, { taskId, attachmentId: emptyIsNull });
        break;
      default:
        if (intent.startsWith('checklist-')) {
          await runChecklistAction(client, taskId, intent, form);
          break;
        }
        throw new LanesError('VALIDATION', { message: 'Unknown action.' });
    }
    return succeeded(intent);
  } catch (error) {
    // A redirect, or a failure that is not the catalogue's: the route's own answers.
    if (!isLanesError(error)) throw error;
    return refusal(intent, error, { errors: oneLineErrors(error), values: postedAgain(intent, form) });
  }
}

/**
 * What a refused form posted, to show again at its field when the page is rendered anew (no JavaScript): the
 * `value` the action read (the first, as a ticked Done posts "true" before its hidden "false") and, for the
 * labels form, every ticked id in one space-separated string.
 */
function postedAgain(intent: string, form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  const value = form.get('value');
  if (typeof value === 'string') values.value = value;
  if (intent === 'labels') values.labelId = form.getAll('labelId').map(String).join(' ');
  return values;
}

/** A checklist intent; an unknown one is refused as a bad field would be. */
async function runChecklistAction(client: LanesClient, taskId: string, intent: string, form: FormData) {
  const field = (name: string) => String(form.get(name) ?? '');
  const orNull = (name: string) => (field(name) === '' ? null : field(name));
  const itemId = field('itemId');
  switch (intent) {
    case 'checklist-add':
      await addChecklistItem(client, {
        taskId,
        body: field('body'),
        // A blank name is the default checklist, as when none is given.
        ...(field('checklist').trim() ? { checklist: field('checklist') } : {}),
        ...(field('id') ? { id: field('id') } : {}),
      });
      return;
    case 'checklist-check':
      await updateChecklistItem(client, { itemId, done: field('value') === 'true' });
      return;
    case 'checklist-edit':
      await updateChecklistItem(client, { itemId, body: field('body') });
      return;
    case 'checklist-move':
      await moveChecklistItem(client, { itemId, beforeId: orNull('beforeId'), afterId: orNull('afterId') });
      return;
    case 'checklist-delete':
      await deleteChecklistItem(client, { itemId });
      return;
    case 'checklist-to-task':
      await checklistItemToTask(client, { itemId });
      return;
    default:
      throw new LanesError('VALIDATION', { message: 'Unknown action.' });
  }
}
