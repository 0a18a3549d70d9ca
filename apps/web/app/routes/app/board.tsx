/**
 * @module routes/app/board — `/w/:slug/b/:boardId`: the board, server-rendered from one request (columns and
 * cards are in the first HTML), then live in the browser (`features/board`). The action serves the inline add
 * forms when they are posted without JavaScript.
 */
import { getBoard } from '@lanes/data/boards/get-board';
import { Outlet, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
// Inlined into the page: one render-blocking stylesheet request fewer on a slow phone connection.
import boardCss from '../../features/board/board.css?inline';
import { runBoardAction } from '../../features/board/board-actions.server.ts';
import { fromBoard } from '../../features/board/board-model.ts';
import { BoardScreen } from '../../features/board/board-screen.tsx';
import { readFilter } from '../../features/board/filters.ts';
import { loadWorkspace } from '../../features/workspaces/load-workspace.server.ts';
import { notFound, toRouteError } from '../../lib/http.server.ts';
import { requireUser } from '../../lib/supabase.server.ts';
import type { Route } from './+types/board.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.board.name ?? 'Board'} · Lanes` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client, user } = requireUser(request, context);
  try {
    const [workspace, board] = await Promise.all([
      loadWorkspace(client, params.slug),
      getBoard(client, { boardId: params.boardId }),
    ]);
    // A board of another workspace under this slug is as missing as an unknown one.
    if (board.workspace_id !== workspace.id) notFound();
    return {
      // Only what the screen shows travels to the browser (a 500-card board is half the HTML otherwise).
      board: {
        id: board.id,
        name: board.name,
        description: board.description,
        archived_at: board.archived_at,
      },
      model: fromBoard(board),
      canEdit: workspace.role !== 'viewer' && board.archived_at === null,
      me: { userId: user.id, displayName: user.displayName },
      filter: readFilter(new URL(request.url).searchParams),
    };
  } catch (error) {
    if (error instanceof Response) throw error;
    toRouteError(error, request);
  }
}

/**
 * Opening, closing and editing a task panel never reloads the board: the board follows its own channel, and
 * re-reading 500 cards for a comment would be wasted. Anything else revalidates as usual.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const board = (url: URL) => url.pathname.replace(/\/t\/[^/]+$/, '');
  const panelInvolved = [currentUrl.pathname, nextUrl.pathname, formAction ?? ''].some((p) =>
    p.includes('/t/'),
  );
  if (panelInvolved && board(currentUrl) === board(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { client } = requireUser(request, context);
  const result = await runBoardAction(client, params.boardId, await request.formData());
  if (result.error) return result;
  throw redirect(new URL(request.url).pathname, 303);
}

export default function Board({ loaderData, actionData }: Route.ComponentProps) {
  const { board, model, canEdit, me, filter } = loaderData;
  return (
    <section aria-labelledby="board-title" className="board-page">
      <style href="board-css" precedence="default">
        {boardCss}
      </style>
      <div className="section-head">
        <h1 id="board-title">{board.name}</h1>
        {board.archived_at ? <span className="badge">Archived</span> : null}
      </div>
      {board.description ? <p className="board-description">{board.description}</p> : null}
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <BoardScreen
        key={board.id}
        boardId={board.id}
        initial={model}
        canEdit={canEdit}
        me={me}
        initialFilter={filter}
      />
      <Outlet />
    </section>
  );
}
