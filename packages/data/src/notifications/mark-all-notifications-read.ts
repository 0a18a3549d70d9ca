/** @module notifications/mark-all-notifications-read — clears the bell: every unread notification becomes read. */
import type { LanesClient } from '../client.ts';
import { unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export type MarkAllNotificationsReadResult = { marked: number };

/** One update, so the channel carries one `read` message with the new count (decision 074). */
export async function markAllNotificationsRead(client: LanesClient): Promise<MarkAllNotificationsReadResult> {
  const userId = await sessionUserId(client);
  const rows = unwrap(
    await client
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .eq('user_id', userId)
      .is('read_at', null)
      .select('id'),
  );
  return { marked: rows.length };
}
