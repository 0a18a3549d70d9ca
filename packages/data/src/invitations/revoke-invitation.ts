/**
 * @module invitations/revoke-invitation — withdraws a pending invitation. A plain update: row-level security
 * lets admins and owners do it, so no function (and no service role) is needed.
 */
import { type InvitationRow, invitationIdInput, invitationRow } from '@lanes/shared/schemas/invitation';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { INVITATION_COLUMNS } from './columns.ts';

export { invitationIdInput as revokeInvitationInput };
export type RevokeInvitationResult = InvitationRow;

export async function revokeInvitation(
  client: LanesClient,
  input: z.input<typeof invitationIdInput>,
): Promise<RevokeInvitationResult> {
  const { invitationId } = parseInput(invitationIdInput, input);
  const rows = unwrap(
    await client
      .from('invitations')
      .update({ status: 'revoked' })
      .eq('id', invitationId)
      .select(INVITATION_COLUMNS),
  );
  return parseAnswer(invitationRow, oneRow(rows));
}
