/**
 * @module notifications/list-email-failures — notification emails to a workspace's people that could not be
 * sent after five attempts, newest first: its owners and admins see them (RLS), anyone else an empty list.
 */
import {
  listEmailFailuresInput,
  type NotificationEmailFailure,
  notificationEmailFailure,
} from '@lanes/shared/schemas/notification';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export type ListEmailFailuresResult = NotificationEmailFailure[];

export async function listEmailFailures(
  client: LanesClient,
  input: { workspaceId: string },
): Promise<ListEmailFailuresResult> {
  const { workspaceId } = parseInput(listEmailFailuresInput, input);
  const rows = unwrap(
    await client
      .from('notification_email_failures')
      .select('id, kind, attempts, last_error, failed_at, recipient:profiles(id, display_name)')
      .eq('workspace_id', workspaceId)
      .order('failed_at', { ascending: false })
      .limit(100),
  );
  return parseAnswer(z.array(notificationEmailFailure), rows);
}
