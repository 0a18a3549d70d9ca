/** @module activity/list-task-activity — what happened to one task, newest first, with who did it. */
import { id, timestamp } from '@lanes/shared/schemas/fields';
import { profileSummary } from '@lanes/shared/schemas/profile';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { PROFILE_SUMMARY } from '../internal/profile-summary.ts';

export const listTaskActivityInput = z.object({
  taskId: id,
  limit: z.number().int().min(1).max(200).default(50),
});

/** One activity row with its actor; `getTaskPanel` reads the same shape embedded under the task. */
export const activityEntry = z.object({
  id: z.number().int(),
  kind: z.string(),
  data: z.record(z.string(), z.unknown()),
  created_at: timestamp,
  actor: profileSummary.nullable(),
});
export const ACTIVITY_SELECT = `id, kind, data, created_at, actor:profiles(${PROFILE_SUMMARY})` as const;
export type ActivityEntry = z.infer<typeof activityEntry>;
export type ListTaskActivityResult = ActivityEntry[];

/** Rows are written by triggers only (SPEC §3); members of the workspace read them. */
export async function listTaskActivity(
  client: LanesClient,
  input: z.input<typeof listTaskActivityInput>,
  signal?: AbortSignal,
): Promise<ListTaskActivityResult> {
  const { taskId, limit } = parseInput(listTaskActivityInput, input);
  const rows = unwrap(
    await abortable(
      client
        .from('activity')
        .select(ACTIVITY_SELECT)
        .eq('task_id', taskId)
        .order('id', { ascending: false })
        .limit(limit),
      signal,
    ),
  );
  return parseAnswer(z.array(activityEntry), rows);
}
