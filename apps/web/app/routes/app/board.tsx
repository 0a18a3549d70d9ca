/**
 * @module routes/app/board — `/w/:slug/b/:boardId`: the board, server-rendered from one request.
 * Seam: the interactive board feature (dnd, realtime, presence) takes over `BoardPreview`'s place; the loader
 * already hands it the whole board (`loaderData.board`) and the caller's role.
 */
import { getBoard } from '@lanes/data/boards/get-board';
import { BoardPreview } from '../../features/boards/board-preview.tsx';
import { loadWorkspace } from '../../features/workspaces/load-workspace.server.ts';
import { notFound, toRouteError } from '../../lib/http.server.ts';
import { requireUser } from '../../lib/supabase.server.ts';
import type { Route } from './+types/board.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.board.name ?? 'Board'} · Lanes` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  try {
    const [workspace, board] = await Promise.all([
      loadWorkspace(client, params.slug),
      getBoard(client, { boardId: params.boardId }),
    ]);
    // A board of another workspace under this slug is as missing as an unknown one.
    if (board.workspace_id !== workspace.id) notFound();
    return { workspace, board };
  } catch (error) {
    if (error instanceof Response) throw error;
    toRouteError(error, request);
  }
}

export default function Board({ loaderData }: Route.ComponentProps) {
  const { board } = loaderData;
  return (
    <section aria-labelledby="board-title">
      <div className="section-head">
        <h1 id="board-title">{board.name}</h1>
        {board.archived_at ? <span className="badge">Archived</span> : null}
      </div>
      {board.description ? <p>{board.description}</p> : null}
      <BoardPreview
        columns={board.columns.map((c) => ({ id: c.id, name: c.name }))}
        tasks={board.tasks.map((t) => ({
          id: t.id,
          number: t.number,
          title: t.title,
          columnId: t.column_id,
          assignee: t.assignee ? { name: t.assignee.display_name, avatarPath: t.assignee.avatar_path } : null,
        }))}
      />
    </section>
  );
}
