/**
 * @module realtime/subscribe-task — the task panel follows its task row, labels, comments, attachments and
 * checklist items live.
 */
import { attachmentRow } from '@lanes/shared/schemas/attachment';
import { checklistItemRow } from '@lanes/shared/schemas/checklist';
import { commentRow } from '@lanes/shared/schemas/comment';
import { id } from '@lanes/shared/schemas/fields';
import { taskRow } from '@lanes/shared/schemas/task';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { type RowEvent, toRowEvent } from '../internal/row-event.ts';
import { channelKeys } from './keys.ts';

export const subscribeTaskInput = z.object({ taskId: id });

const taskLabelRow = z.object({ task_id: id, label_id: id });
const TABLES = {
  tasks: taskRow,
  task_labels: taskLabelRow,
  comments: commentRow,
  attachments: attachmentRow,
  checklist_items: checklistItemRow,
} as const;
type Table = keyof typeof TABLES;

export type TaskEvent =
  | RowEvent<typeof TABLES>
  | { kind: 'status'; status: 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR' };

export interface TaskSubscription {
  unsubscribe(): Promise<void>;
}

/** Row changes only (no presence or broadcast), so a public channel: table RLS filters every event. */
export function subscribeTask(
  client: LanesClient,
  input: unknown,
  onEvent: (event: TaskEvent) => void,
): TaskSubscription {
  const { taskId } = subscribeTaskInput.parse(input);
  const channel = client.channel(channelKeys.task(taskId));
  for (const table of Object.keys(TABLES) as Table[]) {
    channel.on(
      'postgres_changes',
      // The task row is its own `id`; every other table points at it through `task_id`.
      { event: '*', schema: 'public', table, filter: `${table === 'tasks' ? 'id' : 'task_id'}=eq.${taskId}` },
      (payload: RealtimePostgresChangesPayload<Record<string, unknown>>) =>
        onEvent(toRowEvent(TABLES, table, payload)),
    );
  }
  channel.subscribe((status) => onEvent({ kind: 'status', status }));
  return { unsubscribe: async () => void (await client.removeChannel(channel)) };
}
