/**
 * @module routes/app/workspace-layout — `/w/:slug/*`: loads the workspace once (404 for outsiders) for the
 * boards list, the board and the settings below it; its bar holds the workspace's search box and leads to the
 * settings.
 */
import { Form, Link, NavLink, Outlet } from 'react-router';
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx';
import { toRouteError } from '#app/lib/http.server.ts';
import { loadWorkspace } from '#app/lib/load-workspace.server.ts';
import { revalidateUnlessOnlyAPanelChanged } from '#app/lib/panel-navigation.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/workspace-layout.ts';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  try {
    return { workspace: await loadWorkspace(client, params.slug, request.signal) };
  } catch (error) {
    toRouteError(error, request);
  }
}

/** The workspace and my role do not change when a task panel opens, closes or saves (decision 127). */
export const shouldRevalidate = revalidateUnlessOnlyAPanelChanged;

export default function WorkspaceLayout({ loaderData }: Route.ComponentProps) {
  const { workspace } = loaderData;
  return (
    <>
      <div className="workspace-bar">
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumbs">
            <li>
              <Link to="/w">Workspaces</Link>
            </li>
            <li>
              <Link to={`/w/${workspace.slug}`}>{workspace.name}</Link>
            </li>
          </ol>
        </nav>
        <div className="workspace-tools">
          {/* A plain GET form: the search page works without JavaScript. */}
          <Form
            method="get"
            action={`/w/${workspace.slug}/search`}
            role="search"
            className="workspace-search"
          >
            <input
              type="search"
              name="q"
              aria-label={`Search ${workspace.name}`}
              placeholder="Search cards"
            />
          </Form>
          <nav aria-label="Workspace">
            <NavLink to={`/w/${workspace.slug}/settings`}>Settings</NavLink>
          </nav>
        </div>
      </div>
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
