/**
 * @module routes/app/workspace-import — `/w/:slug/import`: moving in from Trello (admins and owners). One form
 * posts the board's JSON export; the board is created whole or not at all, and the page then says what came in
 * and what did not, with a link to the new board (decision 188). Works without JavaScript.
 */
import { ROLE_RANK } from '@lanes/shared/constants';
import { Link } from 'react-router';
import importCss from '#app/features/import/import.css?inline';
import { importAction } from '#app/features/import/import-action.server.ts';
import { ImportForm } from '#app/features/import/import-form.tsx';
import { ImportReport } from '#app/features/import/import-report.tsx';
import { runWorkspaceAction } from '#app/features/workspaces/workspace-action.server.ts';
import { toRouteError } from '#app/lib/http.server.ts';
import { loadWorkspace } from '#app/lib/load-workspace.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/workspace-import.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Import from Trello · ${loaderData?.workspace.name ?? 'Workspace'} · Lanes` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  try {
    const workspace = await loadWorkspace(client, params.slug);
    return { workspace, allowed: ROLE_RANK[workspace.role] >= ROLE_RANK.admin };
  } catch (error) {
    toRouteError(error, request);
  }
}

export const action = (args: Route.ActionArgs) => runWorkspaceAction(args, importAction);

export default function WorkspaceImport({ loaderData, actionData }: Route.ComponentProps) {
  const { workspace, allowed } = loaderData;
  return (
    <section aria-labelledby="import-title" className="import-page">
      <style href="import-css" precedence="default">
        {importCss}
      </style>
      <h1 id="import-title">Import from Trello</h1>
      {!allowed ? (
        <p className="import-intro">
          Only admins and owners can import boards into {workspace.name}. Ask one of them to import it, or to
          make you an admin. <Link to={`/w/${workspace.slug}`}>Back to the boards</Link>
        </p>
      ) : actionData?.ok ? (
        <div className="import-done" role="status">
          <p>
            Imported “{actionData.boardName}” as a new board.{' '}
            <Link to={`/w/${workspace.slug}/b/${actionData.boardId}`}>Open the board</Link>
          </p>
          <ImportReport report={actionData.report} title="What came in" />
          <p>
            <Link to=".">Import another board</Link>
          </p>
        </div>
      ) : (
        <>
          <p className="import-intro">
            Bring a Trello board into {workspace.name} as a new board: its lists become columns, cards become
            tasks with their labels, checklists and comments. Attachments, members and power-ups stay in
            Trello.
          </p>
          <ImportForm serverError={actionData && !actionData.ok ? actionData.errors?.form : undefined} />
        </>
      )}
    </section>
  );
}
