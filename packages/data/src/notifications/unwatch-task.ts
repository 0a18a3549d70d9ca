/** @module notifications/unwatch-task — the signed-in user stops following a task. */
import { taskWatchInput } from '@lanes/shared/schemas/notification';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export { taskWatchInput };

/** Not watching already is fine. Commenting or being mentioned later watches again (decision 072). */
export async function unwatchTask(client: LanesClient, input: z.input<typeof taskWatchInput>): Promise<void> {
  const { taskId } = parseInput(taskWatchInput, input);
  const userId = await sessionUserId(client);
  unwrap(await client.from('task_watchers').delete().eq('task_id', taskId).eq('user_id', userId));
}
