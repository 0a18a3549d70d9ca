/** @module invitations/invite-member — invites someone by email through the `invite-member` function. */
import { type InvitationResult, invitationResult, inviteMemberInput } from '@lanes/shared/schemas/invitation';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { invokeFunction } from '../internal/invoke.ts';

export { inviteMemberInput };
export type InviteMemberResult = InvitationResult;

/**
 * FORBIDDEN below admin; ALREADY_MEMBER; CONFLICT (field `email`) with a pending invitation;
 * LIMIT_REACHED for members, pending invitations or 20 emails an hour.
 */
export async function inviteMember(client: LanesClient, input: unknown): Promise<InviteMemberResult> {
  const body = parseInput(inviteMemberInput, input);
  return parseAnswer(invitationResult, await invokeFunction(client, 'invite-member', body));
}
