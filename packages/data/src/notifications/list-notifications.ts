/** @module notifications/list-notifications — the signed-in user's inbox, newest activity first. */
import {
  listNotificationsInput,
  type NotificationRow,
  notificationRow,
} from '@lanes/shared/schemas/notification';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { listNotificationsInput };
export type ListNotificationsResult = NotificationRow[];

/**
 * Row-level security returns only the caller's rows of tasks they can still see; the task and the actor come
 * embedded (null when the reader can no longer see them, e.g. the admin who removed them).
 * @example const page = await listNotifications(client, { unreadOnly: true, limit: 20 })
 */
export async function listNotifications(
  client: LanesClient,
  input: z.input<typeof listNotificationsInput> = {},
  signal?: AbortSignal,
): Promise<ListNotificationsResult> {
  const { unreadOnly, limit, before } = parseInput(listNotificationsInput, input);
  let query = client
    .from('notifications')
    .select(
      'id, kind, workspace_id, task_id, actor_id, data, read_at, created_at, updated_at, task:tasks(id, number, title, board_id), actor:profiles!notifications_actor_id_fkey(id, display_name, avatar_path)',
    )
    .order('updated_at', { ascending: false })
    .order('id')
    .limit(limit);
  if (unreadOnly) query = query.is('read_at', null);
  if (before) query = query.lt('updated_at', before);
  return parseAnswer(notificationRow.array(), unwrap(await abortable(query, signal)));
}
