/**
 * @module routes/app/task-panel-data — `/w/:slug/b/:boardId/t/:taskId/panel`: the task route's panel as JSON,
 * for the read that starts before a card is clicked (`lib/early-panel`, decision 164). The same read, rules and
 * answers as the task route's loader (404 for a task the user cannot see), except that without a session it
 * answers 401 rather than sending a script to the sign-in page: the click that follows meets the task route's
 * own redirect, which leads back to the task. Never stored by a cache: it is one user's view of the task at one
 * moment.
 */
import { readPanel } from '#app/features/task-panel/load-panel.server.ts';
import { getSupabase } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/task-panel-data.ts';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

export async function loader(args: Route.LoaderArgs) {
  if (!getSupabase(args.context).user) {
    return Response.json({ code: 'SESSION_EXPIRED' }, { status: 401, headers: PRIVATE });
  }
  return Response.json(await readPanel(args), { headers: PRIVATE });
}
