/** @module routes/app/workspace-boards — `/w/:slug`: the workspace's boards (archived behind a toggle); create one. */
import { boardOpenTaskCounts } from '@lanes/data/boards/board-open-task-counts';
import { listBoards } from '@lanes/data/boards/list-boards';
import { ROLE_RANK } from '@lanes/shared/constants';
import { Link } from 'react-router';
import { BoardList } from '#app/features/boards/board-list.tsx';
import { createBoardAction } from '#app/features/boards/create-board.server.ts';
import { CreateBoardForm } from '#app/features/boards/create-board-form.tsx';
import { runWorkspaceAction } from '#app/features/workspaces/workspace-action.server.ts';
import { toRouteError } from '#app/lib/http.server.ts';
import { loadWorkspace } from '#app/lib/load-workspace.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/workspace-boards.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.workspace.name ?? 'Workspace'} · Lanes` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  const showArchived = new URL(request.url).searchParams.get('archived') === '1';
  try {
    const workspace = await loadWorkspace(client, params.slug, request.signal);
    const boards = await listBoards(
      client,
      { workspaceId: workspace.id, includeArchived: showArchived },
      request.signal,
    );
    const open = await boardOpenTaskCounts(client, { boardIds: boards.map((b) => b.id) }, request.signal);
    return {
      workspace,
      showArchived,
      canCreate: ROLE_RANK[workspace.role] >= ROLE_RANK.member,
      canImport: ROLE_RANK[workspace.role] >= ROLE_RANK.admin,
      boards: boards.map((b) => ({
        id: b.id,
        name: b.name,
        description: b.description,
        archived: b.archived_at !== null,
        openTasks: open[b.id] ?? 0,
      })),
    };
  } catch (error) {
    toRouteError(error, request);
  }
}

export const action = (args: Route.ActionArgs) => runWorkspaceAction(args, createBoardAction);

export default function WorkspaceBoards({ loaderData, actionData }: Route.ComponentProps) {
  const { workspace, boards, showArchived, canCreate, canImport } = loaderData;
  return (
    <>
      <section aria-labelledby="boards-title">
        <div className="section-head">
          <h1 id="boards-title">{workspace.name}</h1>
          <Link to={showArchived ? '.' : '?archived=1'} replace>
            {showArchived ? 'Hide archived boards' : 'Show archived boards'}
          </Link>
          {canImport ? <Link to={`/w/${workspace.slug}/import`}>Import from Trello</Link> : null}
        </div>
        <BoardList slug={workspace.slug} boards={boards} canCreate={canCreate} />
      </section>
      {canCreate ? <CreateBoardForm result={actionData} /> : null}
    </>
  );
}
