/** @module notifications/is-watching-board — whether the signed-in user follows a board (the board menu's item). */
import { boardWatchInput } from '@lanes/shared/schemas/notification';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseInput, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export { boardWatchInput };

/** False for a board the caller cannot see, too: row-level security shows no row either way. */
export async function isWatchingBoard(
  client: LanesClient,
  input: z.input<typeof boardWatchInput>,
  signal?: AbortSignal,
): Promise<boolean> {
  const { boardId } = parseInput(boardWatchInput, input);
  const userId = await sessionUserId(client);
  const query = client
    .from('board_watchers')
    .select('board_id', { count: 'exact', head: true })
    .eq('board_id', boardId)
    .eq('user_id', userId);
  const result = await abortable(query, signal);
  unwrap(result);
  return (result.count ?? 0) > 0;
}
