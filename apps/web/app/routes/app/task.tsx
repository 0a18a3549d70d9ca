/**
 * @module routes/app/task — `/w/:slug/b/:boardId/t/:taskId`: the task panel over the board (a nested route, so
 * the first HTML holds both and opening a card is a client navigation). 404 for a task the user cannot see or
 * one of another board. The action runs the panel's writes, with or without JavaScript.
 */
import { redirect } from 'react-router';
import { loadPanel } from '../../features/task-panel/load-panel.server.ts';
import panelCss from '../../features/task-panel/panel.css?inline';
import { runPanelAction } from '../../features/task-panel/panel-actions.server.ts';
import { TaskPanel } from '../../features/task-panel/task-panel.tsx';
import { toRouteError } from '../../lib/http.server.ts';
import { requireUser } from '../../lib/supabase.server.ts';
import type { Route } from './+types/task.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData ? `#${loaderData.model.task.number} ${loaderData.model.task.title}` : 'Task'} · Lanes`,
  },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client, user } = requireUser(request, context);
  try {
    const panel = await loadPanel(client, {
      boardId: params.boardId,
      taskId: params.taskId,
      slug: params.slug,
      userId: user.id,
    });
    return { ...panel, me: user.id };
  } catch (error) {
    if (error instanceof Response) throw error;
    toRouteError(error, request);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { client } = requireUser(request, context);
  const result = await runPanelAction(client, params.taskId, await request.formData());
  if (result.ok && result.deleted) throw redirect(`/w/${params.slug}/b/${params.boardId}`, 303);
  return result;
}

export default function Task({ loaderData, params }: Route.ComponentProps) {
  return (
    <>
      <style href="task-panel-css" precedence="default">
        {panelCss}
      </style>
      <TaskPanel key={params.taskId} {...loaderData} boardPath={`/w/${params.slug}/b/${params.boardId}`} />
    </>
  );
}
