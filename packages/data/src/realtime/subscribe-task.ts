/** @module realtime/subscribe-task — the task panel follows its comments and attachments live. */
import { attachmentRow } from '@lanes/shared/schemas/attachment';
import { commentRow } from '@lanes/shared/schemas/comment';
import { id } from '@lanes/shared/schemas/fields';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { channelKeys } from './keys.ts';

export const subscribeTaskInput = z.object({ taskId: id });

const TABLES = { comments: commentRow, attachments: attachmentRow } as const;
type Table = keyof typeof TABLES;

export type TaskEvent =
  | { kind: 'upsert'; table: 'comments'; row: z.infer<typeof commentRow> }
  | { kind: 'upsert'; table: 'attachments'; row: z.infer<typeof attachmentRow> }
  | { kind: 'delete'; table: Table; id: string }
  | { kind: 'stale'; table: Table }
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
      { event: '*', schema: 'public', table, filter: `task_id=eq.${taskId}` },
      (payload: RealtimePostgresChangesPayload<Record<string, unknown>>) => onEvent(toEvent(table, payload)),
    );
  }
  channel.subscribe((status) => onEvent({ kind: 'status', status }));
  return { unsubscribe: async () => void (await client.removeChannel(channel)) };
}

function toEvent(table: Table, payload: RealtimePostgresChangesPayload<Record<string, unknown>>): TaskEvent {
  if (payload.eventType === 'DELETE') {
    const deleted = id.safeParse(payload.old.id);
    return deleted.success ? { kind: 'delete', table, id: deleted.data } : { kind: 'stale', table };
  }
  const row = TABLES[table].safeParse(payload.new);
  return row.success ? ({ kind: 'upsert', table, row: row.data } as TaskEvent) : { kind: 'stale', table };
}
