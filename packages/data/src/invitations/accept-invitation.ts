/** @module invitations/accept-invitation — the signed-in invitee joins the workspace (`accept-invitation`). */
import {
  type AcceptInvitationResult,
  acceptInvitationResult,
  respondInvitationInput,
} from '@lanes/shared/schemas/invitation';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { invokeFunction } from '../internal/invoke.ts';

export type { AcceptInvitationResult };
export { respondInvitationInput as acceptInvitationInput };

/** INVITE_EXPIRED / INVITE_REVOKED / INVITE_USED, INVITE_EMAIL_MISMATCH, ALREADY_MEMBER, NOT_FOUND. */
export async function acceptInvitation(
  client: LanesClient,
  input: z.input<typeof respondInvitationInput>,
): Promise<AcceptInvitationResult> {
  const body = parseInput(respondInvitationInput, input);
  return parseAnswer(acceptInvitationResult, await invokeFunction(client, 'accept-invitation', body));
}
