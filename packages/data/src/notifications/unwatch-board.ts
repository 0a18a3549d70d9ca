/** @module notifications/unwatch-board — the signed-in user stops following a board. */
import { boardWatchInput } from '@lanes/shared/schemas/notification';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export { boardWatchInput };

/** Not watching already is fine; the tasks one watches on that board stay watched. */
export async function unwatchBoard(
  client: LanesClient,
  input: z.input<typeof boardWatchInput>,
): Promise<void> {
  const { boardId } = parseInput(boardWatchInput, input);
  const userId = await sessionUserId(client);
  unwrap(await client.from('board_watchers').delete().eq('board_id', boardId).eq('user_id', userId));
}
