/**
 * @module tasks/get-task-panel — everything a task's panel shows, in ONE request through PostgREST embedding:
 * the task (archived or not) with its label ids, its board's labels, its comments with their authors, its
 * attachments, its checklist items, its latest activity, and its workspace with the members' profiles (assignee choices, and the
 * caller's own role). One request, not six: opening a card waits for one round trip to the API.
 */
import { LanesError } from '@lanes/shared/errors';
import { attachmentRow } from '@lanes/shared/schemas/attachment';
import { labelRow } from '@lanes/shared/schemas/board';
import { checklistItemRow } from '@lanes/shared/schemas/checklist';
import { id } from '@lanes/shared/schemas/fields';
import { memberWithProfile } from '@lanes/shared/schemas/member';
import { taskRow } from '@lanes/shared/schemas/task';
import { z } from 'zod';
import { ACTIVITY_SELECT, activityEntry, listTaskActivityInput } from '../activity/list-task-activity.ts';
import type { LanesClient } from '../client.ts';
import { COMMENT_SELECT, commentWithAuthor } from '../comments/list-comments.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { MEMBER_SELECT } from '../members/list-members.ts';

export const getTaskPanelInput = z.object({
  taskId: id,
  /** The newest activity rows to read: the same bounds and default as `listTaskActivity`'s `limit`. */
  activityLimit: listTaskActivityInput.shape.limit,
});

const answer = taskRow.extend({
  labels: z.array(z.object({ label_id: id })),
  board: z.object({
    labels: z.array(labelRow),
    workspace: z.object({ id, slug: z.string(), members: z.array(memberWithProfile) }),
  }),
  comments: z.array(commentWithAuthor),
  attachments: z.array(attachmentRow),
  checklist_items: z.array(checklistItemRow),
  activity: z.array(activityEntry),
});
type Answer = z.infer<typeof answer>;

export type GetTaskPanelResult = {
  task: z.infer<typeof taskRow> & { labelIds: string[] };
  /** Every label of the task's board, by name: what the panel offers to set. */
  boardLabels: Answer['board']['labels'];
  /** Oldest first; a deleted comment keeps its place with `deleted_at` set. */
  comments: Answer['comments'];
  /** Newest first. */
  attachments: Answer['attachments'];
  /** Every checklist item of the task, by position (grouped into checklists by the panel). */
  checklistItems: Answer['checklist_items'];
  /** Newest first, at most `activityLimit`. */
  activity: Answer['activity'];
  workspace: { id: string; slug: string };
  /** The workspace's members with their profiles, in the order they joined. */
  members: Answer['board']['workspace']['members'];
};

const SELECT = `*,
  labels:task_labels(label_id),
  board:boards(labels(*), workspace:workspaces(id, slug, members:workspace_members(${MEMBER_SELECT}))),
  comments(${COMMENT_SELECT}),
  attachments!attachments_task_id_fkey(*),
  checklist_items(*),
  activity(${ACTIVITY_SELECT})`;

/** NOT_FOUND for a task the caller cannot see (or a malformed id: VALIDATION). */
export async function getTaskPanel(
  client: LanesClient,
  input: z.input<typeof getTaskPanelInput>,
  signal?: AbortSignal,
): Promise<GetTaskPanelResult> {
  const { taskId, activityLimit } = parseInput(getTaskPanelInput, input);
  const row = unwrap(
    await abortable(
      client
        .from('tasks')
        .select(SELECT)
        .eq('id', taskId)
        .order('name', { referencedTable: 'board.labels' })
        .order('created_at', { referencedTable: 'board.workspace.members' })
        .order('created_at', { referencedTable: 'comments' })
        .order('created_at', { referencedTable: 'attachments', ascending: false })
        .order('position', { referencedTable: 'checklist_items' })
        .order('id', { referencedTable: 'activity', ascending: false })
        .limit(activityLimit, { referencedTable: 'activity' }),
      signal,
    ).maybeSingle(),
  );
  if (!row) throw new LanesError('NOT_FOUND');
  const { labels, board, comments, attachments, checklist_items, activity, ...task } = parseAnswer(
    answer,
    row,
  );
  return {
    task: { ...task, labelIds: labels.map((l) => l.label_id) },
    boardLabels: board.labels,
    comments,
    attachments,
    checklistItems: checklist_items,
    activity,
    workspace: { id: board.workspace.id, slug: board.workspace.slug },
    members: board.workspace.members,
  };
}
