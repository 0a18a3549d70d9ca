/**
 * @module features/task-panel/checklist-queue — checklist items added and moved through the board's write queue
 * (decision 202): an added item shows at once at the end of its checklist (it may be ticked, renamed or moved
 * while it waits: the queue keeps the order), and is replaced by the stored one once the panel reads it.
 */
import type { ChecklistItemRow } from '@lanes/shared/schemas/checklist';
import { useCallback, useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { TaskWriteAnswer } from '#app/lib/task-writes.ts';
import { useTaskWrites } from './panel-board-context.ts';

/** The default checklist's name, as the database gives it (decision 184). */
const DEFAULT_CHECKLIST = 'Checklist';

export interface QueuedChecklist {
  /** The stored items, then the ones still on their way. */
  items: ChecklistItemRow[];
  /** Adds an item through the queue (answers its refusal, or null); null without the board's queue. */
  add: ((checklist: string, body: string) => Promise<string | null>) | null;
  /** Moves an item through the queue; null without the board's queue. */
  move:
    | ((itemId: string, beforeId: string | null, afterId: string | null) => Promise<TaskWriteAnswer>)
    | null;
}

/** A key after every key of `items` in `checklist` (keys compare as bytes; `~` is above every base-62 digit). */
const after = (items: ChecklistItemRow[], checklist: string) =>
  `${items.filter((i) => i.checklist === checklist).at(-1)?.position ?? ''}~`;

export function useQueuedChecklist(taskId: string, stored: ChecklistItemRow[]): QueuedChecklist {
  const queue = useTaskWrites();
  const { revalidate } = useRevalidator();
  const [adding, setAdding] = useState<ChecklistItemRow[]>([]);
  const items = useMemo(() => {
    const waiting = adding.filter((a) => !stored.some((i) => i.id === a.id));
    return waiting.length === 0 ? stored : [...stored, ...waiting];
  }, [stored, adding]);

  const add = useCallback(
    async (checklist: string, body: string) => {
      if (!queue) return null;
      const id = crypto.randomUUID();
      const name = checklist.trim() || DEFAULT_CHECKLIST;
      const now = new Date().toISOString();
      setAdding((list) => [
        ...list,
        {
          id,
          task_id: taskId,
          checklist: name,
          body: body.trim(),
          done: false,
          position: after([...stored, ...list], name),
          created_by: null,
          created_at: now,
          updated_at: now,
        },
      ]);
      const answer = await queue.send({ kind: 'checklist-add', taskId, id, body, checklist: name });
      if (answer.ok) await revalidate().catch(() => undefined);
      setAdding((list) => list.filter((a) => a.id !== id));
      return answer.ok ? null : answer.message;
    },
    [queue, taskId, stored, revalidate],
  );

  const move = useCallback(
    async (itemId: string, beforeId: string | null, afterId: string | null) => {
      if (!queue) return { ok: true } as const;
      const answer = await queue.send({ kind: 'checklist-move', taskId, itemId, beforeId, afterId });
      if (answer.ok) await revalidate().catch(() => undefined);
      return answer;
    },
    [queue, taskId, revalidate],
  );

  return { items, add: queue ? add : null, move: queue ? move : null };
}
