/** @module tasks/set-task-labels — makes a task's labels exactly the given set. */
import { setTaskLabelsInput } from '@lanes/shared/schemas/task';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { setTaskLabelsInput };
export type SetTaskLabelsResult = { labelIds: string[] };

/** Two writes (add the missing, remove the extra); a label from another board is VALIDATION. */
export async function setTaskLabels(
  client: LanesClient,
  input: z.input<typeof setTaskLabelsInput>,
): Promise<SetTaskLabelsResult> {
  const { taskId, labelIds } = parseInput(setTaskLabelsInput, input);
  const wanted = [...new Set(labelIds)];
  if (wanted.length > 0) {
    unwrap(
      await client.from('task_labels').upsert(
        wanted.map((label_id) => ({ task_id: taskId, label_id })),
        { onConflict: 'task_id,label_id', ignoreDuplicates: true },
      ),
    );
  }
  let removal = client.from('task_labels').delete().eq('task_id', taskId);
  if (wanted.length > 0) removal = removal.not('label_id', 'in', `(${wanted.join(',')})`);
  unwrap(await removal);
  return { labelIds: wanted };
}
