/** @module notifications/watch-board — the signed-in user follows a board they can see (new tasks, done). */
import { boardWatchInput } from '@lanes/shared/schemas/notification';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export { boardWatchInput };

/** Watching twice is one watch. A board the caller cannot see is refused by row-level security (FORBIDDEN). */
export async function watchBoard(client: LanesClient, input: z.input<typeof boardWatchInput>): Promise<void> {
  const { boardId } = parseInput(boardWatchInput, input);
  const userId = await sessionUserId(client);
  unwrap(
    await client
      .from('board_watchers')
      .upsert(
        { board_id: boardId, user_id: userId },
        { onConflict: 'board_id,user_id', ignoreDuplicates: true },
      ),
  );
}
