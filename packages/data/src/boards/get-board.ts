/**
 * @module boards/get-board — a board with its columns, open tasks (with the assignee's profile and label ids)
 * and labels, in ONE request through PostgREST embedding.
 */

import { LanesError } from '@lanes/shared/errors';
import { boardRow, columnRow, labelRow } from '@lanes/shared/schemas/board';
import { id } from '@lanes/shared/schemas/fields';
import { profileSummary } from '@lanes/shared/schemas/profile';
import { taskRow } from '@lanes/shared/schemas/task';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const getBoardInput = z.object({ boardId: id });

const boardTask = taskRow.extend({
  assignee: profileSummary.nullable(),
  labels: z.array(z.object({ label_id: id })),
});
const answer = boardRow.extend({
  columns: z.array(columnRow),
  labels: z.array(labelRow),
  tasks: z.array(boardTask),
});

export type BoardTask = Omit<z.infer<typeof boardTask>, 'labels'> & { labelIds: string[] };
export type GetBoardResult = Omit<z.infer<typeof answer>, 'tasks'> & { tasks: BoardTask[] };

// `tasks` has two foreign keys to `profiles` (assignee, creator): the hint names the one wanted.
const SELECT = `*,
  columns(*),
  labels(*),
  tasks(*, assignee:profiles!tasks_assignee_id_fkey(id, display_name, avatar_path), labels:task_labels(label_id))`;

/** Columns and tasks come ordered by their fractional position keys; archived tasks are left out. */
export async function getBoard(client: LanesClient, input: unknown): Promise<GetBoardResult> {
  const { boardId } = parseInput(getBoardInput, input);
  const row = unwrap(
    await client
      .from('boards')
      .select(SELECT)
      .eq('id', boardId)
      .is('tasks.archived_at', null)
      .order('position', { referencedTable: 'columns' })
      .order('position', { referencedTable: 'tasks' })
      .order('name', { referencedTable: 'labels' })
      .maybeSingle(),
  );
  if (!row) throw new LanesError('NOT_FOUND');
  const board = parseAnswer(answer, row);
  return {
    ...board,
    tasks: board.tasks.map(({ labels, ...task }) => ({ ...task, labelIds: labels.map((l) => l.label_id) })),
  };
}
