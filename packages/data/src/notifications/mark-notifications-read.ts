/** @module notifications/mark-notifications-read — marks some of the signed-in user's notifications read. */
import { markNotificationsReadInput } from '@lanes/shared/schemas/notification';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { markNotificationsReadInput };
/** How many changed: already-read rows, and rows that are not the caller's, are left as they are. */
export type MarkNotificationsReadResult = { marked: number };

export async function markNotificationsRead(
  client: LanesClient,
  input: z.input<typeof markNotificationsReadInput>,
): Promise<MarkNotificationsReadResult> {
  const { ids } = parseInput(markNotificationsReadInput, input);
  const rows = unwrap(
    await client
      .from('notifications')
      .update({ read_at: new Date().toISOString() })
      .in('id', ids)
      .is('read_at', null)
      .select('id'),
  );
  return { marked: rows.length };
}
