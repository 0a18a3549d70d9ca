/**
 * @module features/task-panel/use-field-save — one field's autosave (SPEC §8): the value shows at once, the
 * server is told through the route action, a refusal shows inline at the field and the value rolls back to
 * what the server holds (the optimistic value lives only as long as the request).
 */
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { PanelActionResult, PanelIntent } from './panel-actions.server.ts';

export interface FieldSave {
  /** The value on its way to the server, if any; show it instead of the stored one. */
  pending: FormData | undefined;
  error: string | null;
  /** The refusal's catalogue code (CONFLICT: a teammate changed the field since the edit began). */
  code: string | null;
  busy: boolean;
  save(fields: Record<string, string | string[]>): void;
}

export function useFieldSave(taskId: string, intent: PanelIntent, id = ''): FieldSave {
  // One fetcher per task and field: saving the title never cancels a save of the due date.
  const fetcher = useFetcher<PanelActionResult>({ key: `task:${taskId}:${intent}:${id}` });
  // The fetcher's own formData appears a render later; a controlled checkbox or select would snap back in
  // between, so the value is also held here from the moment of the change until the request settles. It comes
  // first: while an earlier save still revalidates, the fetcher's formData is that older form.
  const [sent, setSent] = useState<FormData | undefined>();
  const was = useRef(fetcher.state);
  useEffect(() => {
    if (was.current !== 'idle' && fetcher.state === 'idle') setSent(undefined);
    was.current = fetcher.state;
  }, [fetcher.state]);
  const result = fetcher.state === 'idle' && !sent ? fetcher.data : undefined;
  return {
    pending: sent ?? fetcher.formData,
    error: result && !result.ok ? result.error : null,
    code: result && !result.ok ? result.code : null,
    busy: fetcher.state !== 'idle' || sent !== undefined,
    save(fields) {
      const form = new FormData();
      form.set('intent', intent);
      for (const [name, value] of Object.entries(fields)) {
        for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
      }
      setSent(form);
      void fetcher.submit(form, { method: 'post' });
    },
  };
}
