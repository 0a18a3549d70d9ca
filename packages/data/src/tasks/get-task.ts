/**
 * @module tasks/get-task — one task for its panel, archived or not, with its label ids and its board's labels,
 * in ONE request.
 */
import { LanesError } from '@lanes/shared/errors';
import { labelRow } from '@lanes/shared/schemas/board';
import { id } from '@lanes/shared/schemas/fields';
import { taskRow } from '@lanes/shared/schemas/task';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const getTaskInput = z.object({ taskId: id });

const answer = taskRow.extend({
  labels: z.array(z.object({ label_id: id })),
  board: z.object({ labels: z.array(labelRow) }),
});

export type GetTaskResult = {
  task: z.infer<typeof taskRow> & { labelIds: string[] };
  /** Every label of the task's board, by name: what the panel offers to set. */
  boardLabels: z.infer<typeof labelRow>[];
};

/** NOT_FOUND for a task the caller cannot see (or a malformed id: VALIDATION). */
export async function getTask(client: LanesClient, input: unknown): Promise<GetTaskResult> {
  const { taskId } = parseInput(getTaskInput, input);
  const row = unwrap(
    await client
      .from('tasks')
      .select('*, labels:task_labels(label_id), board:boards(labels(*))')
      .eq('id', taskId)
      .order('name', { referencedTable: 'board.labels' })
      .maybeSingle(),
  );
  if (!row) throw new LanesError('NOT_FOUND');
  const { labels, board, ...task } = parseAnswer(answer, row);
  return { task: { ...task, labelIds: labels.map((l) => l.label_id) }, boardLabels: board.labels };
}
