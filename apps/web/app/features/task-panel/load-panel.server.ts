/**
 * @module features/task-panel/load-panel.server — everything the panel shows, in one request as the signed-in
 * user (`getTaskPanel`): the task (404 unless it is on this board of this workspace), its comments, attachments
 * and activity, and the workspace's people (assignee choices, comment authors, and the caller's own role).
 */
import type { LanesClient } from '@lanes/data/client';
import { isWatchingTask } from '@lanes/data/notifications/is-watching-task';
import { getTaskPanel } from '@lanes/data/tasks/get-task-panel';
import { LanesError } from '@lanes/shared/errors';
import type { RouterContextProvider } from 'react-router';
import { toRouteError } from '#app/lib/http.server.ts';
import { byNameField } from '#app/lib/names.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { PanelModel } from './panel-model.ts';
import { type RenderedMarkdown, renderComment } from './render-markdown.server.tsx';
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
  /** The reader follows this task (its comments and completion reach their inbox). */
  watching: boolean;
}

interface PanelRequest {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { slug: string; boardId: string; taskId: string };
}

/**
 * The panel of a task URL for the signed-in user, with their id: what the task route renders, and what its
 * JSON twin answers for an early read (decision 164). Sign-in redirects and 404s are thrown as route answers.
 */
export async function readPanel({ request, context, params }: PanelRequest) {
  const { client, user } = requireUser(request, context);
  try {
    const panel = await loadPanel(client, { ...params, userId: user.id }, request.signal);
    return { ...panel, me: user.id };
  } catch (error) {
    if (error instanceof Response) throw error;
    toRouteError(error, request);
  }
}

export async function loadPanel(
  client: LanesClient,
  where: { boardId: string; taskId: string; slug: string; userId: string },
  signal?: AbortSignal,
): Promise<PanelData> {
  // One round trip: a card opened from the board waits for this request alone (decision 128).
  // The watch state is read alongside, not after: still one round trip's wait.
  const [found, watching] = await Promise.all([
    getTaskPanel(client, { taskId: where.taskId }, signal),
    isWatchingTask(client, { taskId: where.taskId }).catch(() => false),
  ]);
  // A task of another board, or of another workspace, under this URL is as missing as an unknown one.
  if (found.task.board_id !== where.boardId || found.workspace.slug !== where.slug) {
    throw new LanesError('NOT_FOUND');
  }
  const role = found.members.find((m) => m.user_id === where.userId)?.role;
  if (!role) throw new LanesError('NOT_FOUND');
  const names = new Map(found.members.map((m) => [m.user_id, m.profile?.display_name ?? 'Unknown']));
  return {
    model: {
      task: found.task,
      // The same order as the board's (lib/names), not the database's collation.
      labels: [...found.boardLabels].sort(byNameField),
      people: found.members
        .map((m) => ({
          id: m.user_id,
          name: m.profile?.display_name ?? 'Unknown',
          avatarPath: m.profile?.avatar_path ?? null,
          role: m.role,
        }))
        .sort(byNameField),
      // Rendered here like the description, so the browser needs no Markdown code to show them (decision 183).
      comments: found.comments.map((c) =>
        c.deleted_at ? c : { ...c, rendered: renderComment(c.body, names) },
      ),
      attachments: found.attachments,
      checklist: found.checklistItems,
      activity: found.activity,
    },
    canEdit: role !== 'viewer',
    canAdmin: role === 'owner' || role === 'admin',
    workspaceId: found.workspace.id,
    // Mentions in the description are chips too (decision 181): the same rendering as a comment's.
    description: renderComment(found.task.description, names),
    watching,
  };
}
