/**
 * @module notifications/open-notification — the inbox's link: marks one notification read and says where it
 * leads (its task's page, or the workspace for a role change).
 */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const openNotificationInput = z.object({ notificationId: id });

const answer = z.object({
  id,
  read_at: z.string().nullable(),
  task: z.object({ id, board_id: id }).nullable(),
  workspace: z.object({ slug: z.string() }).nullable(),
});

/** Where the notification leads; null parts are gone (or never were, as for `removed`). */
export interface OpenNotificationResult {
  workspaceSlug: string | null;
  boardId: string | null;
  taskId: string | null;
}

/**
 * Another person's id, or one whose task the caller can no longer see, is NOT_FOUND (row-level security shows
 * neither). Opening an already read one changes nothing.
 * @example const { workspaceSlug, boardId, taskId } = await openNotification(client, { notificationId })
 */
export async function openNotification(
  client: LanesClient,
  input: z.input<typeof openNotificationInput>,
): Promise<OpenNotificationResult> {
  const { notificationId } = parseInput(openNotificationInput, input);
  const rows = unwrap(
    await client
      .from('notifications')
      .select('id, read_at, task:tasks(id, board_id), workspace:workspaces(slug)')
      .eq('id', notificationId),
  );
  const found = parseAnswer(answer, oneRow(rows));
  if (found.read_at === null) {
    unwrap(
      await client
        .from('notifications')
        .update({ read_at: new Date().toISOString() })
        .eq('id', notificationId)
        .is('read_at', null),
    );
  }
  return {
    workspaceSlug: found.workspace?.slug ?? null,
    boardId: found.task?.board_id ?? null,
    taskId: found.task?.id ?? null,
  };
}
