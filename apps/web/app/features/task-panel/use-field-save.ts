/**
 * @module features/task-panel/use-field-save — one field's autosave (SPEC §8): the value shows at once, the
 * server is told through the route action, a refusal shows inline at the field and the value rolls back to
 * what the server holds (the optimistic value lives only as long as the request).
 */
import { useFetcher } from 'react-router';
import type { PanelActionResult, PanelIntent } from './panel-actions.server.ts';

export interface FieldSave {
  /** The value on its way to the server, if any; show it instead of the stored one. */
  pending: FormData | undefined;
  error: string | null;
  busy: boolean;
  save(fields: Record<string, string | string[]>): void;
}

export function useFieldSave(taskId: string, intent: PanelIntent, id = ''): FieldSave {
  // One fetcher per task and field: saving the title never cancels a save of the due date.
  const fetcher = useFetcher<PanelActionResult>({ key: `task:${taskId}:${intent}:${id}` });
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  return {
    pending: fetcher.formData,
    error: result && !result.ok ? result.error : null,
    busy: fetcher.state !== 'idle',
    save(fields) {
      const form = new FormData();
      form.set('intent', intent);
      for (const [name, value] of Object.entries(fields)) {
        for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
      }
      void fetcher.submit(form, { method: 'post' });
    },
  };
}
