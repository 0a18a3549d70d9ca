/**
 * @module features/settings/settings-actions.server — every form of the settings screen posts here with an
 * `intent`; each answers what its form shows (field errors, a notice) or leaves the workspace behind.
 */
import type { LanesClient } from '@lanes/data/client';
import { inviteMember } from '@lanes/data/invitations/invite-member';
import { resendInvitation } from '@lanes/data/invitations/resend-invitation';
import { revokeInvitation } from '@lanes/data/invitations/revoke-invitation';
import { changeMemberRole } from '@lanes/data/members/change-member-role';
import { leaveWorkspace } from '@lanes/data/members/leave-workspace';
import { removeMember } from '@lanes/data/members/remove-member';
import { deleteWorkspace } from '@lanes/data/workspaces/delete-workspace';
import { renameWorkspace } from '@lanes/data/workspaces/rename-workspace';
import type { Role } from '@lanes/shared/constants';
import { validationError } from '@lanes/shared/errors';
import { inviteMemberInputFor } from '@lanes/shared/schemas/invitation';
import { redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import {
  type ActionResult,
  postedValues,
  readIntent,
  refused,
  succeeded,
  unknownIntent,
} from '#app/lib/action-result.ts';
import { formText } from '#app/lib/form-values.ts';
import type { SettingsWorkspace } from './settings-data.server.ts';

export const INTENTS = [
  'rename',
  'invite',
  'resend',
  'revoke',
  'change-role',
  'remove',
  'leave',
  'delete',
] as const;
export type Intent = (typeof INTENTS)[number];

export type SettingsActionData = ActionResult<Intent>;

/** A form's work: what to say (and which row it is about, and what to show again), or a thrown refusal. */
type Handler = (
  client: LanesClient,
  workspace: SettingsWorkspace,
  form: FormData,
) => Promise<Pick<SettingsActionData, 'done' | 'target' | 'values'>>;

const HANDLERS: Record<Intent, Handler> = {
  async rename(client, workspace, form) {
    const name = formText(form, 'name');
    const renamed = await renameWorkspace(client, { workspaceId: workspace.id, name });
    return { done: `Renamed to ${renamed.name}.`, values: { name: renamed.name } };
  },
  async invite(client, workspace, form) {
    // The inviter's own rule first (an admin cannot invite above admin), with its field message.
    const checked = inviteMemberInputFor(workspace.role).safeParse({
      workspaceId: workspace.id,
      email: formText(form, 'email'),
      role: formText(form, 'role'),
    });
    if (!checked.success) throw validationError(checked.error.issues);
    // The emailed link leads to this app, wherever it is served (decision 081).
    const { invitation } = await inviteMember(client, checked.data, { siteUrl: env.SITE_URL });
    return { done: `Invitation sent to ${invitation.email}.` };
  },
  async resend(client, _workspace, form) {
    const invitationId = formText(form, 'invitationId');
    const { invitation } = await resendInvitation(client, { invitationId }, { siteUrl: env.SITE_URL });
    return { target: invitationId, done: `Sent again to ${invitation.email}.` };
  },
  async revoke(client, _workspace, form) {
    const invitationId = formText(form, 'invitationId');
    const invitation = await revokeInvitation(client, { invitationId });
    return { target: invitationId, done: `Invitation to ${invitation.email} revoked.` };
  },
  async 'change-role'(client, workspace, form) {
    const userId = formText(form, 'userId');
    // A posted role is any string until the operation parses it (VALIDATION otherwise).
    await changeMemberRole(client, {
      workspaceId: workspace.id,
      userId,
      role: formText(form, 'role') as Role,
    });
    return { target: userId, done: 'Role changed.' };
  },
  async remove(client, workspace, form) {
    const userId = formText(form, 'userId');
    await removeMember(client, { workspaceId: workspace.id, userId });
    return { target: userId, done: 'Removed from the workspace.' };
  },
  async leave(client, workspace) {
    await leaveWorkspace(client, { workspaceId: workspace.id });
    throw redirect('/w');
  },
  async delete(client, workspace, form) {
    const confirm = formText(form, 'confirm');
    if (confirm.trim() !== workspace.name) {
      throw validationError([{ path: ['confirm'], message: `Type ${workspace.name} to confirm.` }]);
    }
    await deleteWorkspace(client, { workspaceId: workspace.id });
    throw redirect('/w');
  },
};

/** Runs the posted intent; refusals come back as the form's errors, with what was posted, and the catalogue status. */
export async function settingsAction(client: LanesClient, workspace: SettingsWorkspace, form: FormData) {
  const intent = readIntent(form, INTENTS);
  if (!intent) return unknownIntent<Intent>('rename');
  const target = formText(form, 'invitationId') || formText(form, 'userId') || undefined;
  try {
    return succeeded(intent, await HANDLERS[intent](client, workspace, form));
  } catch (error) {
    return refused(intent, error, { values: postedValues(form), ...(target ? { target } : {}) });
  }
}
