/** @module notifications/count-unread-notifications — the bell's number when the page loads. */
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { unwrap } from '../internal/checks.ts';

/** Counts the caller's unread rows that row-level security shows (tasks they can still see); no rows travel. */
export async function countUnreadNotifications(client: LanesClient, signal?: AbortSignal): Promise<number> {
  const query = client.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null);
  const result = await abortable(query, signal);
  unwrap(result);
  return result.count ?? 0;
}
