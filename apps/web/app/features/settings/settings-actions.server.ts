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
import { LanesError } from '@lanes/shared/errors';
import { inviteMemberInputFor } from '@lanes/shared/schemas/invitation';
import { data, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { type FormErrors, fromIssues, toFormErrors } from '#app/lib/form-errors.ts';
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

export interface SettingsActionData {
  intent: Intent;
  /** The row the answer belongs to (a member's or an invitation's id). */
  target?: string;
  errors?: FormErrors;
  values?: Record<string, string>;
  notice?: string;
}

type Handler = (
  client: LanesClient,
  workspace: SettingsWorkspace,
  form: FormData,
) => Promise<Omit<SettingsActionData, 'intent'>>;

const HANDLERS: Record<Intent, Handler> = {
  async rename(client, workspace, form) {
    const name = formText(form, 'name');
    const renamed = await renameWorkspace(client, { workspaceId: workspace.id, name });
    return { notice: `Renamed to ${renamed.name}.`, values: { name: renamed.name } };
  },
  async invite(client, workspace, form) {
    const values = { email: formText(form, 'email'), role: formText(form, 'role') };
    // The inviter's own rule first (an admin cannot invite above admin), with its field message.
    const checked = inviteMemberInputFor(workspace.role).safeParse({ workspaceId: workspace.id, ...values });
    if (!checked.success) return { errors: fromIssues(checked.error.issues), values };
    // The emailed link leads to this app, wherever it is served (decision 081).
    const { invitation } = await inviteMember(client, checked.data, { siteUrl: env.SITE_URL });
    return { notice: `Invitation sent to ${invitation.email}.` };
  },
  async resend(client, _workspace, form) {
    const invitationId = formText(form, 'invitationId');
    const { invitation } = await resendInvitation(client, { invitationId }, { siteUrl: env.SITE_URL });
    return { target: invitationId, notice: `Sent again to ${invitation.email}.` };
  },
  async revoke(client, _workspace, form) {
    const invitationId = formText(form, 'invitationId');
    const invitation = await revokeInvitation(client, { invitationId });
    return { target: invitationId, notice: `Invitation to ${invitation.email} revoked.` };
  },
  async 'change-role'(client, workspace, form) {
    const userId = formText(form, 'userId');
    // A posted role is any string until the operation parses it (VALIDATION otherwise).
    await changeMemberRole(client, {
      workspaceId: workspace.id,
      userId,
      role: formText(form, 'role') as Role,
    });
    return { target: userId, notice: 'Role changed.' };
  },
  async remove(client, workspace, form) {
    const userId = formText(form, 'userId');
    await removeMember(client, { workspaceId: workspace.id, userId });
    return { target: userId, notice: 'Removed from the workspace.' };
  },
  async leave(client, workspace) {
    await leaveWorkspace(client, { workspaceId: workspace.id });
    throw redirect('/w');
  },
  async delete(client, workspace, form) {
    const confirm = formText(form, 'confirm');
    if (confirm.trim() !== workspace.name) {
      return {
        errors: { code: 'VALIDATION', fields: { confirm: `Type ${workspace.name} to confirm.` } },
        values: { confirm },
      };
    }
    await deleteWorkspace(client, { workspaceId: workspace.id });
    throw redirect('/w');
  },
};

/** Runs the posted intent; refusals come back as the form's errors with the catalogue status. */
export async function settingsAction(client: LanesClient, workspace: SettingsWorkspace, form: FormData) {
  const intent = formText(form, 'intent') as Intent;
  if (!INTENTS.includes(intent)) {
    return data<SettingsActionData>(
      { intent: 'rename', errors: { code: 'VALIDATION', fields: {}, form: 'Unknown action.' } },
      { status: 400 },
    );
  }
  const target = formText(form, 'invitationId') || formText(form, 'userId') || undefined;
  try {
    const answer = await HANDLERS[intent](client, workspace, form);
    return data<SettingsActionData>({ intent, ...answer }, { status: answer.errors ? 400 : 200 });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof LanesError)) console.error(error);
    const status = error instanceof LanesError ? error.status : 500;
    const values = Object.fromEntries(
      [...form.entries()].filter(([k]) => k !== 'intent').map(([k, v]) => [k, String(v)]),
    );
    return data<SettingsActionData>(
      { intent, errors: toFormErrors(error), values, ...(target ? { target } : {}) },
      { status },
    );
  }
}
