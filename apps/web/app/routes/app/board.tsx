/**
 * @module routes/app/board — `/w/:slug/b/:boardId`: the board, server-rendered from one request (columns and
 * cards are in the first HTML), then live in the browser (`features/board`). The action serves the inline add
 * forms when they are posted without JavaScript.
 */
import { getBoard } from '@lanes/data/boards/get-board';
import { listBoards } from '@lanes/data/boards/list-boards';
import { isWatchingBoard } from '@lanes/data/notifications/is-watching-board';
import { ROLE_RANK } from '@lanes/shared/constants';
import { useCallback, useMemo, useState } from 'react';
import { type ShouldRevalidateFunctionArgs, useNavigate, useOutlet, useRouteLoaderData } from 'react-router';
import { FIRST_CARDS_PER_COLUMN, fromBoard } from '#app/features/board/model/board-model.ts';
import { readFilter } from '#app/features/board/model/filters.ts';
// Inlined into the page: one render-blocking stylesheet request fewer on a slow phone connection.
import boardCss from '#app/features/board/screen/board.css?inline';
import { runBoardAction } from '#app/features/board/screen/board-actions.server.ts';
import { BoardMenu } from '#app/features/board/screen/board-menu.tsx';
import { BoardScreen } from '#app/features/board/screen/board-screen.tsx';
import { readOnlyNotice } from '#app/features/board/screen/read-only-notice.ts';
import { WatchBoardForm } from '#app/features/board/screen/watch-board.tsx';
import { useLiveRole } from '#app/features/board/sync/use-live-role.ts';
import type { BoardPresence } from '#app/lib/board-presence.ts';
import { notFound, toRouteError } from '#app/lib/http.server.ts';
import { loadWorkspace } from '#app/lib/load-workspace.server.ts';
import type { PanelBoard } from '#app/lib/panel-board.ts';
import { revalidateUnlessOnlyAPanelChanged } from '#app/lib/panel-navigation.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { TaskWrites } from '#app/lib/task-writes.ts';
import { usePanelIntent } from '#app/lib/use-panel-intent.ts';
import type { Route } from './+types/board.ts';
import type { loader as layoutLoader } from './layout.tsx';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.board.name ?? 'Board'} · Lanes` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client, user } = requireUser(request, context);
  const url = new URL(request.url);
  const filter = readFilter(url.searchParams);
  // Every card when asked for, or when filtering without JavaScript (the filter must see them all).
  const allCards =
    url.searchParams.get('cards') === 'all' || Boolean(filter.text || filter.assignee || filter.label);
  try {
    const [workspace, board, watching] = await Promise.all([
      loadWorkspace(client, params.slug, request.signal),
      // A big board's first HTML holds the first cards of each column; the browser reads the rest at once.
      getBoard(
        client,
        { boardId: params.boardId, firstCards: allCards ? undefined : FIRST_CARDS_PER_COLUMN },
        request.signal,
      ),
      isWatchingBoard(client, { boardId: params.boardId }),
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
      canAdmin: ROLE_RANK[workspace.role] >= ROLE_RANK.admin,
      watching,
      // The role as rendered; the page follows it live from here (decision 191).
      workspaceId: workspace.id,
      role: workspace.role,
      me: { userId: user.id, displayName: user.displayName, avatarPath: null as string | null },
      filter,
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
export const shouldRevalidate = (args: ShouldRevalidateFunctionArgs) =>
  // Watching changes nothing the board shows: the menu keeps its own label (decision 189).
  args.formData?.get('stay') ? false : revalidateUnlessOnlyAPanelChanged(args);

export async function action({ request, context, params }: Route.ActionArgs) {
  const { client } = requireUser(request, context);
  const name = async () => {
    const workspace = await loadWorkspace(client, params.slug);
    const boards = await listBoards(client, { workspaceId: workspace.id, includeArchived: true });
    return boards.find((b) => b.id === params.boardId)?.name ?? '';
  };
  const workspacePath = `/w/${params.slug}`;
  const board = { id: params.boardId, name, path: `${workspacePath}/b/${params.boardId}`, workspacePath };
  return runBoardAction(client, board, await request.formData());
}

export default function Board({ loaderData, actionData, params }: Route.ComponentProps) {
  const { board, model, filter } = loaderData;
  // A demotion or removal shows at once, not at the next write (decision 191).
  const live = useLiveRole(loaderData.workspaceId, loaderData.role);
  const archived = board.archived_at !== null;
  const canEdit = live.role !== 'viewer' && !archived;
  const canAdmin = ROLE_RANK[live.role] >= ROLE_RANK.admin;
  const readOnly = readOnlyNotice({
    archived,
    canAdmin,
    viewer: live.role === 'viewer',
    changed: live.changed,
  });
  // The app layout has read the profile (name and avatar may have changed since the token was issued).
  const profile = useRouteLoaderData<typeof layoutLoader>('routes/app/layout')?.profile;
  // Everything handed to the (memoised) board stays the same object while a panel opens and closes above it.
  const me = useMemo(() => ({ ...loaderData.me, ...profile }), [loaderData.me, profile]);
  const boardPath = `/w/${params.slug}/b/${board.id}`;
  const navigate = useNavigate();
  const openTask = useCallback(
    (taskId: string) => void navigate(`${boardPath}/t/${taskId}`, { preventScrollReset: true }),
    [navigate, boardPath],
  );
  // Known before the board's HTML, so a phone's full-screen panel spares the columns beneath from the first
  // paint on (panel.css).
  // The task panel reads the board's live `canEdit` from here: a demotion with a panel open reaches it too,
  // though the panel's own revalidations skip the routes above it (decision 127).
  // It also reads the board's write queue, which the panel's edits go through (decision 196).
  const [taskWrites, setTaskWrites] = useState<TaskWrites>();
  // And who else is here, with the task each has open, for the panel's "Also here".
  const [presence, setPresence] = useState<BoardPresence>();
  const columnNames = useMemo(
    () => Object.fromEntries(model.columns.map((column) => [column.id, column.name])),
    [model.columns],
  );
  const outletContext = useMemo<PanelBoard>(
    () => ({ canEdit, columnNames, taskWrites, presence }),
    [canEdit, columnNames, taskWrites, presence],
  );
  const panel = useOutlet(outletContext);
  // A card's panel starts reading when the pointer rests on the card, before the click (decision 164).
  const intent = usePanelIntent();
  return (
    <section
      aria-labelledby="board-title"
      className={panel ? 'board-page has-panel' : 'board-page'}
      {...intent}
    >
      <style href="board-css" precedence="default">
        {boardCss}
      </style>
      <div className="section-head">
        <h1 id="board-title">{board.name}</h1>
        {board.archived_at ? <span className="badge">Archived</span> : null}
        <BoardMenu
          board={{ name: board.name, description: board.description, archived: board.archived_at !== null }}
          archivedPath={`${boardPath}/archived`}
          canEdit={canEdit}
          canAdmin={canAdmin}
          watching={loaderData.watching}
        />
        <WatchBoardForm boardPath={boardPath} watching={loaderData.watching} />
      </div>
      {board.description ? <p className="board-description">{board.description}</p> : null}
      {actionData?.errors?.form ? (
        <p className="form-error" role="alert">
          {actionData.errors.form}
        </p>
      ) : null}
      <BoardScreen
        key={board.id}
        boardId={board.id}
        initial={model}
        canEdit={canEdit}
        readOnlyNotice={readOnly}
        me={me}
        initialFilter={filter}
        boardPath={boardPath}
        onOpenTask={openTask}
        onTaskWrites={setTaskWrites}
        onPresence={setPresence}
      />
      {panel}
    </section>
  );
}
