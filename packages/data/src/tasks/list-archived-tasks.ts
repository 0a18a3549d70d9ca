/** @module tasks/list-archived-tasks — a board's archived cards, last archived first, with their column's name. */
import { id, timestamp } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const listArchivedTasksInput = z.object({ boardId: id });

const archivedTask = z.object({
  id,
  number: z.number().int(),
  title: z.string(),
  archived_at: timestamp,
  completed_at: timestamp.nullable(),
  column: z.object({ id, name: z.string() }),
});
export type ArchivedTask = z.infer<typeof archivedTask>;
export type ListArchivedTasksResult = ArchivedTask[];

/**
 * Only what the screen shows travels (no descriptions). A board the caller cannot read answers an empty list;
 * the page checks the board itself first.
 * @example await listArchivedTasks(client, { boardId })
 */
export async function listArchivedTasks(
  client: LanesClient,
  input: z.input<typeof listArchivedTasksInput>,
  signal?: AbortSignal,
): Promise<ListArchivedTasksResult> {
  const { boardId } = parseInput(listArchivedTasksInput, input);
  const rows = unwrap(
    await abortable(
      client
        .from('tasks')
        .select('id, number, title, archived_at, completed_at, column:columns!inner(id, name)')
        .eq('board_id', boardId)
        .not('archived_at', 'is', null)
        .order('archived_at', { ascending: false })
        .order('number', { ascending: false }),
      signal,
    ),
  );
  return parseAnswer(z.array(archivedTask), rows);
}
