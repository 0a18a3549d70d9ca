/**
 * @module invite-member — invites someone to a workspace (admins and owners), or resends an invitation with a
 * fresh token. The invitation is written as the caller, so row-level security and the database's triggers
 * (limits, email budget, already a member) decide; only the email is this function's own job.
 */

import type { Role } from '@lanes/shared/constants.ts';
import { LanesError } from '@lanes/shared/errors.ts';
import { canInvite, invitationIdInput, inviteMemberInput } from '@lanes/shared/schemas/invitation.ts';
import type { z } from 'zod';
import { type Client, callerClient, requireUser, serviceClient } from '../_shared/clients.ts';
import { dbError } from '../_shared/db-error.ts';
import { sendEmail } from '../_shared/email.ts';
import { json, parseInput, readBody, serve } from '../_shared/http.ts';
import { invitationEmail } from '../_shared/invitation-email.ts';
import { invitationSiteUrl } from '../_shared/site-url.ts';
import { hashToken, newToken } from '../_shared/token.ts';

/** Columns answered to the app: everything but the token hash. */
const INVITATION_COLUMNS =
  'id, workspace_id, email, role, status, invited_by, expires_at, responded_at, accepted_by, created_at';

serve(async (req) => {
  const client = callerClient(req);
  const user = await requireUser(req, client);
  // `{ invitationId }` resends an invitation; anything else is a new one.
  const raw = await readBody(req);
  const body =
    typeof raw === 'object' && raw !== null && 'invitationId' in raw
      ? parseInput(invitationIdInput, raw)
      : parseInput(inviteMemberInput, raw);
  // The app names its own address, as it does for Auth's emails (`siteUrl`, beside the invitation fields).
  // Settled before anything is written: a deployment without LANES_SITE_URL refuses here, leaving nothing.
  const siteUrl = invitationSiteUrl((raw as { siteUrl?: unknown }).siteUrl);
  const token = newToken();
  const tokenHash = await hashToken(token);

  const invitation =
    'invitationId' in body
      ? await resend(client, body.invitationId, tokenHash)
      : await invite(client, user.id, body, tokenHash);

  const [{ data: workspace }, { data: inviter }] = await Promise.all([
    client.from('workspaces').select('name').eq('id', invitation.workspace_id).single(),
    client.from('profiles').select('display_name').eq('id', user.id).single(),
  ]);
  const email = invitationEmail({
    to: invitation.email,
    token,
    workspaceName: workspace?.name ?? 'a workspace',
    inviterName: inviter?.display_name ?? user.email,
    role: invitation.role,
    siteUrl,
  });
  await sendEmail(email).catch(async (error: unknown) => {
    if ('invitationId' in body) {
      throw emailFailed(error, 'The email could not be sent. The invitation is still pending: resend it.');
    }
    await rollBack(invitation.id);
    throw emailFailed(
      error,
      'The invitation email could not be sent, so the invitation was not saved. Try again.',
    );
  });
  return json('invitationId' in body ? 200 : 201, { invitation });
});

/**
 * A new invitation whose email failed is deleted again, so the admin never sees an invitation nobody
 * received and can simply send it again (decision 086). A failed resend keeps its (pending, listed)
 * invitation: the admin resends once more. The caller may not delete invitations, hence the service role.
 */
async function rollBack(invitationId: string): Promise<void> {
  const { error } = await serviceClient().from('invitations').delete().eq('id', invitationId);
  if (error) console.error('could not roll back invitation', invitationId, error);
}

/** UNEXPECTED saying what happened to the invitation, with the send's request id for the log line. */
function emailFailed(cause: unknown, message: string): LanesError {
  const requestId = cause instanceof LanesError ? cause.requestId : undefined;
  return new LanesError('UNEXPECTED', { message, ...(requestId ? { requestId } : {}) });
}

async function invite(
  client: Client,
  userId: string,
  body: z.infer<typeof inviteMemberInput>,
  tokenHash: string,
) {
  const role = await callerRole(client, body.workspaceId, userId);
  if (!canInvite(role, body.role)) {
    throw new LanesError('FORBIDDEN', { message: 'Only owners and admins can invite.' });
  }
  const { data, error } = await client
    .from('invitations')
    .insert({
      workspace_id: body.workspaceId,
      email: body.email,
      role: body.role,
      token_hash: tokenHash,
      invited_by: userId,
    })
    .select(INVITATION_COLUMNS)
    .single();
  if (error) throw dbError(error);
  return data;
}

async function resend(client: Client, invitationId: string, tokenHash: string) {
  // A new token invalidates the old link; the database renews the expiry and counts the email.
  const { data, error } = await client
    .from('invitations')
    .update({ token_hash: tokenHash })
    .eq('id', invitationId)
    .select(INVITATION_COLUMNS);
  if (error) throw dbError(error);
  const row = data[0];
  if (!row) throw new LanesError('NOT_FOUND');
  return row;
}

/** The caller's role in the workspace; NOT_FOUND when they are not a member (existence is not leaked). */
async function callerRole(client: Client, workspaceId: string, userId: string): Promise<Role> {
  const { data, error } = await client
    .from('workspace_members')
    .select('role')
    .eq('workspace_id', workspaceId)
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw dbError(error);
  if (!data) throw new LanesError('NOT_FOUND', { message: 'No such workspace.' });
  return data.role;
}
