/**
 * @module features/task-panel/queued-write — which panel saves go through the board's write queue, and as what
 * (decisions 196, 202): every task write of the panel but attachments and covers (a `File` is not JSON the
 * journal can keep). Checklist adds and moves name their write themselves (checklist-section).
 */
import type { TaskWrite } from '#app/lib/task-writes.ts';
import type { PanelIntent } from './panel-actions.server.ts';

const FIELDS = ['title', 'description', 'assignee', 'due', 'priority'] as const;
type Field = (typeof FIELDS)[number];
const isField = (intent: string): intent is Field => (FIELDS as readonly string[]).includes(intent);

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** The queued write for a field's save (the same fields its form posts), or null when it is not queued. */
export function toTaskWrite(
  taskId: string,
  intent: PanelIntent,
  fields: Record<string, string | string[]>,
): TaskWrite | null {
  const on = one(fields.value) === 'true';
  const itemId = one(fields.itemId);
  const commentId = one(fields.commentId);
  switch (intent) {
    case 'column':
      // The property sidebar's column (decision 200): to the bottom of another column of the board.
      return { kind: 'column', taskId, columnId: one(fields.value) };
    case 'labels': {
      const ids = fields.labelId ?? [];
      return { kind: 'labels', taskId, labelIds: Array.isArray(ids) ? ids : [ids] };
    }
    case 'done':
      return { kind: 'done', taskId, done: on };
    case 'archive':
      return { kind: 'archive', taskId, archived: on };
    case 'delete-task':
      return { kind: 'delete', taskId };
    case 'watch':
      return { kind: 'watch', taskId, watching: on };
    case 'edit-comment':
      return { kind: 'comment-edit', taskId, commentId, body: one(fields.body) };
    case 'delete-comment':
      return { kind: 'comment-delete', taskId, commentId };
    case 'checklist-check':
      return { kind: 'checklist-item', taskId, itemId, done: on };
    case 'checklist-edit':
      return { kind: 'checklist-item', taskId, itemId, body: one(fields.body) };
    case 'checklist-delete':
      return { kind: 'checklist-delete', taskId, itemId };
    case 'checklist-to-task':
      // Named here, so a replay after a lost answer finds the task instead of making another.
      return {
        kind: 'checklist-promote',
        taskId,
        itemId,
        newTaskId: one(fields.newTaskId) || crypto.randomUUID(),
      };
  }
  if (!isField(intent)) return null;
  const value = one(fields.value);
  const base = one(fields.base);
  return {
    kind: 'field',
    taskId,
    field: intent,
    // An empty assignee or due date clears it; an empty text is the text (the server says if it may be).
    value: value === '' && (intent === 'assignee' || intent === 'due') ? null : value,
    ...(base ? { base } : {}),
  };
}
