/**
 * @module routes/app/board-archive — `/w/:slug/b/:boardId/archived`: the board's archived cards, to restore
 * (members and up) or delete for good (admins and up). Server-rendered; its forms work without JavaScript.
 */
import { listBoards } from '@lanes/data/boards/list-boards';
import { listArchivedTasks } from '@lanes/data/tasks/list-archived-tasks';
import { ROLE_RANK } from '@lanes/shared/constants';
import { Link } from 'react-router';
import { FormError, FormNotice } from '#app/components/form-error.tsx';
import archiveCss from '#app/features/archive/archive.css?inline';
import { archiveAction } from '#app/features/archive/archive-actions.server.ts';
import { ArchiveList } from '#app/features/archive/archive-list.tsx';
import { runWorkspaceAction } from '#app/features/workspaces/workspace-action.server.ts';
import { notFound, toRouteError } from '#app/lib/http.server.ts';
import { loadWorkspace } from '#app/lib/load-workspace.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/board-archive.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Archived cards · ${loaderData?.board.name ?? 'Board'} · Lanes` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  try {
    const workspace = await loadWorkspace(client, params.slug, request.signal);
    const [boards, tasks] = await Promise.all([
      listBoards(client, { workspaceId: workspace.id, includeArchived: true }, request.signal),
      listArchivedTasks(client, { boardId: params.boardId }, request.signal),
    ]);
    const board = boards.find((b) => b.id === params.boardId);
    if (!board) notFound();
    return {
      board: { id: board.id, name: board.name },
      tasks,
      confirming: new URL(request.url).searchParams.get('delete'),
      canRestore: ROLE_RANK[workspace.role] >= ROLE_RANK.member,
      canDelete: ROLE_RANK[workspace.role] >= ROLE_RANK.admin,
    };
  } catch (error) {
    toRouteError(error, request);
  }
}

export const action = (args: Route.ActionArgs) =>
  runWorkspaceAction(args, (client, _ws, form) => archiveAction(client, form));

export default function BoardArchive({ loaderData, actionData, params }: Route.ComponentProps) {
  const { board, tasks, confirming, canRestore, canDelete } = loaderData;
  const boardPath = `/w/${params.slug}/b/${board.id}`;
  return (
    <section aria-labelledby="archive-title" className="archive-page">
      <style href="archive-css" precedence="default">
        {archiveCss}
      </style>
      <div className="section-head">
        <h1 id="archive-title">Archived cards · {board.name}</h1>
        <Link to={boardPath} className="archive-back">
          Back to the board
        </Link>
      </div>
      {actionData?.ok ? <FormNotice>{actionData.done}</FormNotice> : null}
      <FormError>{actionData && !actionData.ok ? <p>{actionData.errors?.form}</p> : null}</FormError>
      <ArchiveList
        tasks={tasks}
        pagePath={`${boardPath}/archived`}
        confirming={confirming}
        canRestore={canRestore}
        canDelete={canDelete}
      />
    </section>
  );
}
