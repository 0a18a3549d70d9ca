/**
 * @module features/workspaces/workspace-action.server — the frame of every action under `/w/:slug`: the
 * signed-in user's client (or a redirect to sign in), the workspace of the URL (404 unless it is one of mine),
 * the posted form, and the route's error answers for whatever the write throws.
 */
import type { LanesClient } from '@lanes/data/client';
import type { RouterContextProvider } from 'react-router';
import { toRouteError } from '#app/lib/http.server.ts';
import { loadWorkspace, type WorkspaceContext } from '#app/lib/load-workspace.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';

interface ActionArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { slug: string };
}

/** @example export const action = (args: Route.ActionArgs) => runWorkspaceAction(args, createBoardAction); */
export async function runWorkspaceAction<T>(
  { request, context, params }: ActionArgs,
  run: (client: LanesClient, workspace: WorkspaceContext, form: FormData) => Promise<T>,
): Promise<T> {
  const { client } = requireUser(request, context);
  try {
    const workspace = await loadWorkspace(client, params.slug);
    return await run(client, workspace, await request.formData());
  } catch (error) {
    // A redirect thrown by the write is its answer, not a failure.
    if (error instanceof Response) throw error;
    toRouteError(error, request);
  }
}
