/**
 * @module realtime/subscribe-board — one channel per open board: row changes of its tasks, columns and labels
 * (`postgres_changes` filtered by `board_id`), labels set on and taken off its tasks, who is viewing which task
 * (presence), cards being dragged and tasks moved to another board (broadcast), handed back as typed events.
 */
import { columnRow, labelRow } from '@lanes/shared/schemas/board';
import { id } from '@lanes/shared/schemas/fields';
import { taskRow } from '@lanes/shared/schemas/task';
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { type RowEvent, toRowEvent } from '../internal/row-event.ts';
import { channelKeys } from './keys.ts';

export const subscribeBoardInput = z.object({
  boardId: id,
  // The avatar travels with presence, so teammates who are not on any card still show their picture.
  me: z.object({ userId: id, displayName: z.string(), avatarPath: z.string().nullable().default(null) }),
});
export type SubscribeBoardInput = z.input<typeof subscribeBoardInput>;

const TABLES = { tasks: taskRow, columns: columnRow, labels: labelRow } as const;
type Table = keyof typeof TABLES;

export interface Viewer {
  userId: string;
  displayName: string;
  /** Their avatar in the `avatars` bucket, or null. */
  avatarPath: string | null;
  /** The task whose panel they have open, if any. */
  taskId: string | null;
}

export const dragPayload = z.object({
  userId: id,
  taskId: id,
  columnId: id.nullable(),
  index: z.number().int(),
});
export type Drag = z.infer<typeof dragPayload>;

const taskLabel = z.object({ task_id: id, label_id: id });
const taskLeft = z.object({ task_id: id });

export type BoardEvent =
  /** Row changes; `stale`: a change that could not be read as a row, so refetch the board. */
  | RowEvent<typeof TABLES>
  /** A label set on (`on`) or taken off a task; tasks of other boards are the caller's to ignore. */
  | { kind: 'task-label'; taskId: string; labelId: string; on: boolean }
  | { kind: 'presence'; viewers: Viewer[] }
  | { kind: 'drag'; drag: Drag }
  /** A task moved to another board (`move_task_to_board`): its row changes no longer reach this board. */
  | { kind: 'task-left'; taskId: string }
  | { kind: 'status'; status: 'SUBSCRIBED' | 'TIMED_OUT' | 'CLOSED' | 'CHANNEL_ERROR' };

export interface BoardSubscription {
  /** Tells the others which task panel this user has open (null: none). */
  viewTask(taskId: string | null): Promise<void>;
  /** Tells the others where a card is being dragged; not stored anywhere. */
  sendDrag(drag: Omit<Drag, 'userId'>): Promise<void>;
  unsubscribe(): Promise<void>;
}

/**
 * @example const sub = subscribeBoard(client, { boardId, me }, (event) => dispatch(event)); … sub.unsubscribe()
 */
export function subscribeBoard(
  client: LanesClient,
  input: SubscribeBoardInput,
  onEvent: (event: BoardEvent) => void,
): BoardSubscription {
  const { boardId, me } = subscribeBoardInput.parse(input);
  const channel = client.channel(channelKeys.board(boardId), {
    // Private: realtime admits only members of the board's workspace (policies on realtime.messages), so
    // strangers can neither watch presence nor send drags. Row changes are filtered by table RLS as well.
    config: { private: true, presence: { key: me.userId }, broadcast: { self: false } },
  });

  for (const table of Object.keys(TABLES) as Table[]) {
    const deliver = (payload: RealtimePostgresChangesPayload<Record<string, unknown>>) =>
      onEvent(toRowEvent(TABLES, table, payload));
    for (const event of ['INSERT', 'UPDATE'] as const) {
      channel.on(
        'postgres_changes',
        { event, schema: 'public', table, filter: `board_id=eq.${boardId}` },
        deliver,
      );
    }
    // A DELETE carries only the old primary key, so Realtime cannot match it against a `board_id` filter
    // (hosted behaves the same): deletes are followed unfiltered, and the board drops ids it holds.
    channel.on('postgres_changes', { event: 'DELETE', schema: 'public', table }, deliver);
  }
  // `task_labels` has no board_id to filter by: every change the user may see arrives (deletes as their
  // key), and the board applies those of tasks it holds.
  channel.on(
    'postgres_changes',
    { event: '*', schema: 'public', table: 'task_labels' },
    (payload: RealtimePostgresChangesPayload<Record<string, unknown>>) => {
      const on = payload.eventType !== 'DELETE';
      const link = taskLabel.safeParse(on ? payload.new : payload.old);
      if (link.success)
        onEvent({ kind: 'task-label', taskId: link.data.task_id, labelId: link.data.label_id, on });
    },
  );
  channel.on('presence', { event: 'sync' }, () =>
    onEvent({ kind: 'presence', viewers: viewers(channel.presenceState()) }),
  );
  channel.on('broadcast', { event: 'drag' }, ({ payload }) => {
    const drag = dragPayload.safeParse(payload);
    // A broadcast names no sender (Realtime's policies see the topic, never the payload; decision 070), so
    // its `userId` is a claim: a drag is shown only under someone on the board now, never under anyone absent.
    if (drag.success && Object.hasOwn(channel.presenceState(), drag.data.userId))
      onEvent({ kind: 'drag', drag: drag.data });
  });

  // Said by the database as the move commits (the UPDATE that takes the row away is filtered out here, since
  // its new `board_id` is not this board's). Members may send broadcasts too, so a forged one could hide a card
  // until the next read; a member can archive it anyway (decision 198).
  channel.on('broadcast', { event: 'task_left' }, ({ payload }) => {
    const left = taskLeft.safeParse(payload);
    if (left.success) onEvent({ kind: 'task-left', taskId: left.data.task_id });
  });

  let viewing: string | null = null;
  channel.subscribe((status) => {
    onEvent({ kind: 'status', status });
    // Presence is re-tracked after every (re)join, so reconnecting restores who is here.
    if (status === 'SUBSCRIBED')
      void channel.track({ displayName: me.displayName, avatarPath: me.avatarPath, taskId: viewing });
  });

  return {
    async viewTask(taskId) {
      viewing = taskId;
      await channel.track({ displayName: me.displayName, avatarPath: me.avatarPath, taskId });
    },
    async sendDrag(drag) {
      await channel.send({ type: 'broadcast', event: 'drag', payload: { ...drag, userId: me.userId } });
    },
    async unsubscribe() {
      await client.removeChannel(channel);
    },
  };
}

function viewers(
  state: Record<string, { displayName?: unknown; avatarPath?: unknown; taskId?: unknown }[]>,
): Viewer[] {
  return Object.entries(state).flatMap(([userId, metas]) => {
    const meta = metas[metas.length - 1];
    if (!meta) return [];
    return [
      {
        userId,
        displayName: typeof meta.displayName === 'string' ? meta.displayName : '',
        avatarPath: typeof meta.avatarPath === 'string' ? meta.avatarPath : null,
        taskId: typeof meta.taskId === 'string' ? meta.taskId : null,
      },
    ];
  });
}
