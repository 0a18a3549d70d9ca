/** @module notifications/watch-task — the signed-in user follows a task they can see (comments, done). */
import { taskWatchInput } from '@lanes/shared/schemas/notification';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export { taskWatchInput };

/** Watching twice is one watch. A task the caller cannot see is refused by row-level security (FORBIDDEN). */
export async function watchTask(client: LanesClient, input: z.input<typeof taskWatchInput>): Promise<void> {
  const { taskId } = parseInput(taskWatchInput, input);
  const userId = await sessionUserId(client);
  unwrap(
    await client
      .from('task_watchers')
      .upsert(
        { task_id: taskId, user_id: userId },
        { onConflict: 'task_id,user_id', ignoreDuplicates: true },
      ),
  );
}
