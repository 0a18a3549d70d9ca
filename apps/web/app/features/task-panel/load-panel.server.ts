/**
 * @module features/task-panel/load-panel.server — everything the panel shows, read in parallel as the
 * signed-in user: the task (404 unless it is on this board), its comments, attachments and activity, and the
 * workspace's people (assignee choices, comment authors).
 */
import { listTaskActivity } from '@lanes/data/activity/list-task-activity';
import { listAttachments } from '@lanes/data/attachments/list-attachments';
import type { LanesClient } from '@lanes/data/client';
import { listComments } from '@lanes/data/comments/list-comments';
import { listMembers } from '@lanes/data/members/list-members';
import { getTask } from '@lanes/data/tasks/get-task';
import type { Role } from '@lanes/shared/constants';
import { LanesError } from '@lanes/shared/errors';
import type { PanelModel } from './panel-model.ts';
import { type RenderedMarkdown, renderMarkdown } from './render-markdown.server.tsx';

export interface PanelData {
  model: PanelModel;
  /** Members and up edit (on an active board); viewers read. */
  canEdit: boolean;
  /** Admins and owners delete any comment or attachment, and delete archived tasks. */
  canAdmin: boolean;
  /** Uploads go under the workspace's folder of the attachments bucket. */
  workspaceId: string;
  /** The description rendered here, so the browser needs no Markdown code to show it. */
  description: RenderedMarkdown;
}

export async function loadPanel(
  client: LanesClient,
  where: {
    boardId: string;
    taskId: string;
    slug: string;
    workspace: Promise<{ id: string; role: Role }>;
  },
): Promise<PanelData> {
  const taskId = where.taskId;
  // Members by the URL's slug, beside the workspace lookup rather than after it: on a card opened from the
  // board that lookup is this request's own, and waiting for it put a second round trip before the panel.
  const [found, comments, attachments, activity, workspace, members] = await Promise.all([
    getTask(client, { taskId }),
    listComments(client, { taskId }),
    listAttachments(client, { taskId }),
    listTaskActivity(client, { taskId }),
    where.workspace,
    listMembers(client, { workspaceSlug: where.slug }),
  ]);
  // A task of another board under this board's URL is as missing as an unknown one.
  if (found.task.board_id !== where.boardId) throw new LanesError('NOT_FOUND');
  return {
    model: {
      task: found.task,
      labels: found.boardLabels,
      people: members
        .map((m) => ({
          id: m.user_id,
          name: m.profile?.display_name ?? 'Unknown',
          avatarPath: m.profile?.avatar_path ?? null,
          role: m.role,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      comments,
      attachments,
      activity,
    },
    canEdit: workspace.role !== 'viewer',
    canAdmin: workspace.role === 'owner' || workspace.role === 'admin',
    workspaceId: workspace.id,
    description: renderMarkdown(found.task.description),
  };
}
