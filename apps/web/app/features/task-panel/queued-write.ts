/**
 * @module features/task-panel/queued-write — which panel saves go through the board's write queue, and as what
 * (decision 196). The rest (done, archive, delete, watch, attachments, adding, moving or promoting checklist
 * items) still post to the route.
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
  if (intent === 'labels') {
    const ids = fields.labelId ?? [];
    return { kind: 'labels', taskId, labelIds: Array.isArray(ids) ? ids : [ids] };
  }
  const itemId = one(fields.itemId);
  if (intent === 'checklist-check') {
    return { kind: 'checklist-item', taskId, itemId, done: one(fields.value) === 'true' };
  }
  if (intent === 'checklist-edit') return { kind: 'checklist-item', taskId, itemId, body: one(fields.body) };
  if (intent === 'checklist-delete') return { kind: 'checklist-delete', taskId, itemId };
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
