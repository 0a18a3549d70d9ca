/**
 * @module features/task-panel/use-field-save — one field's autosave (SPEC §8): the value shows at once, the
 * server is told, a refusal shows inline at the field and the value rolls back to what the server holds (the
 * optimistic value lives only as long as the write). Inside a board, the panel's writes go through the board's
 * write queue (ordered, kept across reloads, sent when the connection is back; decisions 196, 202); files and
 * covers, and every save without the board's queue (no JavaScript, tests), post through the route action.
 */
import { useEffect, useRef, useState } from 'react';
import { useFetcher, useRevalidator } from 'react-router';
import type { TaskWriteAnswer } from '#app/lib/task-writes.ts';
import type { PanelActionResult, PanelIntent } from './panel-actions.server.ts';
import { useTaskWrites } from './panel-board-context.ts';
import { toTaskWrite } from './queued-write.ts';

export interface FieldSave {
  /** The value on its way to the server, if any; show it instead of the stored one. */
  pending: FormData | undefined;
  error: string | null;
  /** The refusal's catalogue code (CONFLICT: a teammate changed the field since the edit began). */
  code: string | null;
  busy: boolean;
  /** The value on its way waits in the board's queue: ordered there, so another change may follow at once. */
  queued: boolean;
  save(fields: Record<string, string | string[]>): void;
}

function toForm(intent: PanelIntent, fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  form.set('intent', intent);
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}

export function useFieldSave(taskId: string, intent: PanelIntent, id = ''): FieldSave {
  // One fetcher per task and field: saving the title never cancels a save of the due date.
  const fetcher = useFetcher<PanelActionResult>({ key: `task:${taskId}:${intent}:${id}` });
  const queue = useTaskWrites();
  const { revalidate } = useRevalidator();
  // The fetcher's own formData appears a render later; a controlled checkbox or select would snap back in
  // between, so the value is also held here from the moment of the change until the write settles. It comes
  // first: while an earlier save still revalidates, the fetcher's formData is that older form.
  const [sent, setSent] = useState<FormData | undefined>();
  // The board queue's answer to the latest queued save of this field.
  const [answer, setAnswer] = useState<TaskWriteAnswer | null>(null);
  const [queued, setQueued] = useState(false);
  const latest = useRef<FormData | undefined>(undefined);
  const was = useRef(fetcher.state);
  useEffect(() => {
    if (was.current !== 'idle' && fetcher.state === 'idle') setSent(undefined);
    was.current = fetcher.state;
  }, [fetcher.state]);
  const fetched = fetcher.state === 'idle' && !sent ? fetcher.data : undefined;
  const refusal = answer && !answer.ok ? { error: answer.message, code: answer.code } : null;
  const result =
    refusal ?? (fetched && !fetched.ok ? { error: fetched.errors?.form, code: fetched.errors?.code } : null);
  return {
    pending: sent ?? fetcher.formData,
    error: sent ? null : (result?.error ?? null),
    code: sent ? null : (result?.code ?? null),
    busy: fetcher.state !== 'idle' || sent !== undefined,
    queued: queued && sent !== undefined,
    save(fields) {
      const form = toForm(intent, fields);
      setSent(form);
      latest.current = form;
      const write = queue ? toTaskWrite(taskId, intent, fields) : null;
      setQueued(write !== null);
      if (!queue || !write) {
        setAnswer(null);
        void fetcher.submit(form, { method: 'post' });
        return;
      }
      // The panel closes as a delete is queued: the board says if it is refused (and reads the task back).
      if (write.kind === 'delete') return void queue.send(write);
      void queue.send(write).then(async (outcome) => {
        // The panel reads the task again (the stored value, or the teammate's for a CONFLICT) before the value
        // on its way gives way to it, so nothing snaps back in between. Only a save answered by the server
        // gets here: offline it waits in the queue.
        await revalidate().catch(() => undefined);
        if (latest.current !== form) return; // a newer save of this field is on its way
        setAnswer(outcome);
        setSent(undefined);
      });
    },
  };
}
