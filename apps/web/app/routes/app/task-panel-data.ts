/**
 * @module routes/app/task-panel-data — `/w/:slug/b/:boardId/t/:taskId/panel`: the task route's panel as JSON,
 * for the read that starts before a card is clicked (`lib/early-panel`, decision 164). The same
 * read, rules and answers as the task route's loader: 404 for a task the user cannot see, a redirect to sign-in
 * without a session. Never stored by a cache: it is one user's view of the task at one moment.
 */
import { readPanel } from '../../features/task-panel/load-panel.server.ts';
import type { Route } from './+types/task-panel-data.ts';

export async function loader(args: Route.LoaderArgs) {
  return Response.json(await readPanel(args), { headers: { 'Cache-Control': 'private, no-store' } });
}
