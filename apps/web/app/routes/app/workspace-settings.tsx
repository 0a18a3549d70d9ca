/**
 * @module routes/app/workspace-settings — `/w/:slug/settings`: rename, members (live), invitations, leave,
 * delete. Each role sees only what SPEC §6 lets it do; the database decides in the end.
 */

import { DangerZone } from '#app/features/settings/danger-zone.tsx';
import { GeneralSection } from '#app/features/settings/general-section.tsx';
import { InvitationsSection } from '#app/features/settings/invitations-section.tsx';
import { LeaveSection } from '#app/features/settings/leave-section.tsx';
import { MembersSection } from '#app/features/settings/members-section.tsx';
import settingsCss from '#app/features/settings/settings.css?inline';
import { settingsAction } from '#app/features/settings/settings-actions.server.ts';
import { loadSettings } from '#app/features/settings/settings-data.server.ts';
import { useMembersLive } from '#app/features/settings/use-members-live.ts';
import { runWorkspaceAction } from '#app/features/workspaces/workspace-action.server.ts';
import { toRouteError } from '#app/lib/http.server.ts';
import { loadWorkspace } from '#app/lib/load-workspace.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import { useKeptActionData } from '#app/lib/use-kept-action-data.ts';
import type { Route } from './+types/workspace-settings.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Settings · ${loaderData?.workspace.name ?? 'Workspace'} · Lanes` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client, user } = requireUser(request, context);
  try {
    const workspace = await loadWorkspace(client, params.slug, request.signal);
    return await loadSettings(client, workspace, user.id, request.signal);
  } catch (error) {
    toRouteError(error, request);
  }
}

export const action = (args: Route.ActionArgs) => runWorkspaceAction(args, settingsAction);

export default function WorkspaceSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { workspace, can, members, invitations, budget } = loaderData;
  useMembersLive(workspace.id);
  // The members channel's revalidations would otherwise drop an answer (a refusal, "Invitation sent") unread.
  const answer = useKeptActionData(actionData);
  const resultOf = (intent: string) => (answer?.intent === intent ? answer : undefined);
  return (
    <div className="settings">
      <style href="settings-css" precedence="default">
        {settingsCss}
      </style>
      <h1>Settings</h1>
      {can.rename ? <GeneralSection name={workspace.name} result={resultOf('rename')} /> : null}
      <MembersSection members={members} workspaceName={workspace.name} />
      {can.manage && budget ? (
        <InvitationsSection
          workspaceId={workspace.id}
          myRole={workspace.role}
          invitations={invitations}
          budget={budget}
          result={resultOf('invite')}
        />
      ) : null}
      <LeaveSection
        workspaceName={workspace.name}
        isOwner={workspace.role === 'owner'}
        result={resultOf('leave')}
      />
      {can.delete ? <DangerZone name={workspace.name} result={resultOf('delete')} /> : null}
    </div>
  );
}
