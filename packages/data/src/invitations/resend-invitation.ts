/** @module invitations/resend-invitation — a new link and expiry for a pending invitation (`invite-member`). */
import { type InvitationResult, invitationIdInput, invitationResult } from '@lanes/shared/schemas/invitation';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { invokeFunction } from '../internal/invoke.ts';

export { invitationIdInput as resendInvitationInput };
export type ResendInvitationResult = InvitationResult;

export async function resendInvitation(client: LanesClient, input: unknown): Promise<ResendInvitationResult> {
  const body = parseInput(invitationIdInput, input);
  return parseAnswer(invitationResult, await invokeFunction(client, 'invite-member', body));
}
