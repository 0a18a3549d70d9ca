/** @module boards/board-open-task-counts — how many open tasks each board holds (`board_open_task_counts` RPC). */
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const boardOpenTaskCountsInput = z.object({ boardIds: z.array(id).max(200) });
/** Open (not completed, not archived) tasks by board id; every asked-for board is present, 0 when it has none. */
export type BoardOpenTaskCountsResult = Record<string, number>;

const answer = z.array(z.object({ board_id: id, open_tasks: z.number().int() }));

/**
 * Counted as the caller: boards or tasks they cannot read count nothing.
 * @example const counts = await boardOpenTaskCounts(client, { boardIds: boards.map((b) => b.id) });
 */
export async function boardOpenTaskCounts(
  client: LanesClient,
  input: z.input<typeof boardOpenTaskCountsInput>,
  signal?: AbortSignal,
): Promise<BoardOpenTaskCountsResult> {
  const { boardIds } = parseInput(boardOpenTaskCountsInput, input);
  const counts: BoardOpenTaskCountsResult = Object.fromEntries(boardIds.map((boardId) => [boardId, 0]));
  if (boardIds.length === 0) return counts;
  const rows = parseAnswer(
    answer,
    unwrap(await abortable(client.rpc('board_open_task_counts', { board_ids: boardIds }), signal)),
  );
  for (const row of rows) counts[row.board_id] = row.open_tasks;
  return counts;
}
