/**
 * @module boards/get-board — a board with its columns, open tasks (with the assignee's profile and label ids)
 * and labels, in ONE request through PostgREST embedding. With `firstCards`, only that many cards of each
 * column travel, and `hidden` counts the rest: a 500-card board's first render reads 100 cards, not 500.
 */

import { LanesError } from '@lanes/shared/errors';
import { boardRow, columnRow, labelRow } from '@lanes/shared/schemas/board';
import { id } from '@lanes/shared/schemas/fields';
import { profileSummary } from '@lanes/shared/schemas/profile';
import { taskRow } from '@lanes/shared/schemas/task';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { PROFILE_SUMMARY } from '../internal/profile-summary.ts';

export const getBoardInput = z.object({
  boardId: id,
  /** Read at most this many cards per column (by position); leave out to read every card. */
  firstCards: z.number().int().min(1).max(500).optional(),
});

const boardTask = taskRow.extend({
  assignee: profileSummary.nullable(),
  labels: z.array(z.object({ label_id: id })),
});
const answer = boardRow.extend({
  columns: z.array(columnRow),
  labels: z.array(labelRow),
  tasks: z.array(boardTask),
});
// The cut read nests the cards under their column, with the column's whole count beside them.
const cutAnswer = boardRow.extend({
  columns: z.array(columnRow.extend({ task_count: z.number().int(), tasks: z.array(boardTask) })),
  labels: z.array(labelRow),
});

export type BoardTask = Omit<z.infer<typeof boardTask>, 'labels'> & { labelIds: string[] };
export type GetBoardResult = Omit<z.infer<typeof answer>, 'tasks'> & {
  tasks: BoardTask[];
  /** Cards left unread by `firstCards`, by column id; only columns that left some out. */
  hidden: Record<string, number>;
};

// `tasks` has two foreign keys to `profiles` (assignee, creator): the hint names the one wanted.
const TASK = `*, assignee:profiles!tasks_assignee_id_fkey(${PROFILE_SUMMARY}), labels:task_labels(label_id)`;
const SELECT = `*, columns(*), labels(*), tasks(${TASK})`;
// `task_count` is a computed field (migration 20261125180000): the column's cards, counted as the caller.
const CUT_SELECT = `*, columns(*, task_count, tasks(${TASK})), labels(*)`;

const withLabelIds = ({ labels, ...task }: z.infer<typeof boardTask>): BoardTask => ({
  ...task,
  labelIds: labels.map((l) => l.label_id),
});

/** Columns and tasks come ordered by their fractional position keys; archived tasks are left out. */
export async function getBoard(
  client: LanesClient,
  input: z.input<typeof getBoardInput>,
  signal?: AbortSignal,
): Promise<GetBoardResult> {
  const { boardId, firstCards } = parseInput(getBoardInput, input);
  const row = await readBoard(client, boardId, firstCards, signal);
  if (firstCards === undefined) {
    const board = parseAnswer(answer, row);
    return { ...board, tasks: board.tasks.map(withLabelIds), hidden: {} };
  }
  const { columns, ...board } = parseAnswer(cutAnswer, row);
  const hidden: Record<string, number> = {};
  for (const column of columns) {
    if (column.task_count > column.tasks.length) hidden[column.id] = column.task_count - column.tasks.length;
  }
  return {
    ...board,
    columns: columns.map(({ task_count: _count, tasks: _tasks, ...column }) => column),
    tasks: columns.flatMap((column) => column.tasks.map(withLabelIds)),
    hidden,
  };
}

/**
 * The board's row with its embeds, in one request. With `perColumn` the cards hang under their column, so the
 * limit is a per-parent LIMIT: at most that many cards of each column.
 */
async function readBoard(
  client: LanesClient,
  boardId: string,
  perColumn: number | undefined,
  signal: AbortSignal | undefined,
) {
  const tasks = perColumn === undefined ? 'tasks' : 'columns.tasks';
  const query = client
    .from('boards')
    .select(perColumn === undefined ? SELECT : CUT_SELECT)
    .eq('id', boardId)
    .is(`${tasks}.archived_at`, null)
    .order('position', { referencedTable: 'columns' })
    .order('position', { referencedTable: tasks })
    .order('name', { referencedTable: 'labels' });
  const limited = perColumn === undefined ? query : query.limit(perColumn, { referencedTable: tasks });
  const row = unwrap(await abortable(limited, signal).maybeSingle());
  if (!row) throw new LanesError('NOT_FOUND');
  return row;
}
