/**
 * @module routes/app/task — `/w/:slug/b/:boardId/t/:taskId`: the task panel over the board (a nested route, so
 * the first HTML holds both and opening a card is a client navigation). 404 for a task the user cannot see or
 * one of another board. The action runs the panel's writes, with or without JavaScript.
 */
import { useOutletContext } from 'react-router';
import { CopyPanel } from '#app/features/task-panel/copy-panel.tsx';
import { readPanel } from '#app/features/task-panel/load-panel.server.ts';
import panelCss from '#app/features/task-panel/panel.css?inline';
import { runPanelAction } from '#app/features/task-panel/panel-actions.server.ts';
import { PanelError } from '#app/features/task-panel/panel-error.tsx';
import { TaskPanel } from '#app/features/task-panel/task-panel.tsx';
import { takeEarly } from '#app/lib/early-panel.ts';
import type { PanelBoard } from '#app/lib/panel-board.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/task.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData && 'model' in loaderData ? `#${loaderData.model.task.number} ${loaderData.model.task.title}` : 'Task'} · Lanes`,
  },
];

export const loader = (args: Route.LoaderArgs) => readPanel(args);

/**
 * Opening a card takes the panel read that began when the pointer rested on the card, if there is one and it
 * is recent; otherwise it reads as usual. Only an opening does: a revalidation of
 * the panel already open always reads afresh (decision 164). Offline nothing is read: the panel opens from the
 * board's copy of the task (decision 203), and reads the task once the browser is online again.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (navigator.onLine === false) return { offline: true as const };
  const path = new URL(request.url).pathname;
  // Taken either way, so that no read of this task outlives the panel's own writes.
  const early = takeEarly<PanelAnswer>(path);
  const opening = window.location.pathname !== path;
  const answer = opening ? await early : null;
  return answer ? { ...answer, openedEarly: true } : serverLoader();
}

type PanelAnswer = Awaited<ReturnType<typeof readPanel>>;

/** The board this task URL opens over, where closing or deleting the task returns. */
const boardPathIn = (params: { slug: string; boardId: string }) => `/w/${params.slug}/b/${params.boardId}`;

export async function action({ request, context, params }: Route.ActionArgs) {
  const { client } = requireUser(request, context);
  const task = { id: params.taskId, boardPath: boardPathIn(params) };
  return runPanelAction(client, task, await request.formData());
}

export default function Task({ loaderData, actionData, params }: Route.ComponentProps) {
  // The board route's outlet context (its live permission, column names, write queue and presence).
  const board = useOutletContext<PanelBoard | undefined>();
  const boardPath = boardPathIn(params);
  if ('offline' in loaderData) {
    return (
      <>
        <PanelStyle />
        <CopyPanel key={params.taskId} taskId={params.taskId} board={board} boardPath={boardPath} />
      </>
    );
  }
  return (
    <>
      <PanelStyle />
      {/* `actionData` is a plain form's answer (no JavaScript): the panel's fetchers never set it. */}
      <TaskPanel
        key={params.taskId}
        {...loaderData}
        boardPath={boardPath}
        board={board}
        answer={actionData}
      />
    </>
  );
}

/** The board stays when its task cannot be read: a missing task, or no network (decision 165). */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return (
    <>
      <PanelStyle />
      <PanelError error={error} taskId={params.taskId} boardPath={boardPathIn(params)} />
    </>
  );
}

/** The panel's CSS, inlined with the page that shows it (React hoists it to `<head>` once). */
function PanelStyle() {
  return (
    <style href="task-panel-css" precedence="default">
      {panelCss}
    </style>
  );
}
