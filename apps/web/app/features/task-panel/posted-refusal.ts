/**
 * @module features/task-panel/posted-refusal — a property's plain form refused without JavaScript (decision 200):
 * the page comes back with the action's answer, and the refused property shows the reason and what was posted
 * instead of the stored value. With JavaScript every save is a fetcher's, which answers at its field itself.
 */
import type { PanelActionResult, PanelIntent } from './panel-actions.server.ts';

export interface PostedRefusal {
  error: string;
  /** The posted `value` (column, assignee, due date, priority, done); null if the form posted none. */
  value: string | null;
  /** The posted label ids (the labels form); null for other forms. */
  labelIds: string[] | null;
}

/** The page's action answer, when it is a refusal of `intent`'s form; otherwise null. */
export function postedRefusal(
  answer: PanelActionResult | undefined,
  intent: PanelIntent,
): PostedRefusal | null {
  if (!answer || answer.ok || answer.intent !== intent) return null;
  const values = answer.values ?? {};
  const labels = values.labelId;
  return {
    error: answer.errors?.form ?? 'The change was not saved.',
    value: values.value ?? null,
    labelIds: labels === undefined ? null : labels.split(' ').filter(Boolean),
  };
}
