/**
 * @module routes/app/workspaces — `/w`: my workspaces; create one. A member removed while on a board lands here
 * with `?removed=1`, which the page explains (decision 191).
 */
import { listWorkspaces } from '@lanes/data/workspaces/list-workspaces';
import { FormNotice } from '#app/components/form-error.tsx';
import { createWorkspaceAction } from '#app/features/workspaces/create-workspace.server.ts';
import { CreateWorkspaceForm } from '#app/features/workspaces/create-workspace-form.tsx';
import { WorkspaceList } from '#app/features/workspaces/workspace-list.tsx';
import { toRouteError } from '#app/lib/http.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/workspaces.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Your workspaces · Lanes' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  try {
    const workspaces = await listWorkspaces(client, request.signal);
    return {
      workspaces: workspaces.map(({ id, slug, name, role }) => ({ id, slug, name, role })),
      removed: new URL(request.url).searchParams.get('removed') === '1',
    };
  } catch (error) {
    toRouteError(error, request);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { client } = requireUser(request, context);
  return createWorkspaceAction(client, await request.formData());
}

export default function Workspaces({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <FormNotice>
        {loaderData.removed ? (
          <p>
            You were removed from the workspace you were viewing, so its boards are no longer open to you.
          </p>
        ) : null}
      </FormNotice>
      <section aria-labelledby="workspaces-title">
        <div className="section-head">
          <h1 id="workspaces-title">Your workspaces</h1>
        </div>
        <WorkspaceList workspaces={loaderData.workspaces} />
      </section>
      <CreateWorkspaceForm result={actionData} />
    </>
  );
}
