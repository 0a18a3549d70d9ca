/** @module notifications/is-watching-task — whether the signed-in user follows a task (the panel's Watch button). */
import { taskWatchInput } from '@lanes/shared/schemas/notification';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseInput, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export { taskWatchInput };

/** False for a task the caller cannot see, too: row-level security shows no row either way. */
export async function isWatchingTask(
  client: LanesClient,
  input: z.input<typeof taskWatchInput>,
  signal?: AbortSignal,
): Promise<boolean> {
  const { taskId } = parseInput(taskWatchInput, input);
  const userId = await sessionUserId(client);
  const query = client
    .from('task_watchers')
    .select('task_id', { count: 'exact', head: true })
    .eq('task_id', taskId)
    .eq('user_id', userId);
  const result = await abortable(query, signal);
  unwrap(result);
  return (result.count ?? 0) > 0;
}
