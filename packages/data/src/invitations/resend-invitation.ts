/** @module invitations/resend-invitation — a new link and expiry for a pending invitation (`invite-member`). */
import { type InvitationResult, invitationIdInput, invitationResult } from '@lanes/shared/schemas/invitation';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { invokeFunction } from '../internal/invoke.ts';

export { invitationIdInput as resendInvitationInput };
export type ResendInvitationResult = InvitationResult;

/** `siteUrl`: the app's address for the new link, as `inviteMember`'s. */
export async function resendInvitation(
  client: LanesClient,
  input: z.input<typeof invitationIdInput>,
  options: { siteUrl?: string } = {},
): Promise<ResendInvitationResult> {
  const body = parseInput(invitationIdInput, input);
  return parseAnswer(
    invitationResult,
    await invokeFunction(client, 'invite-member', { ...body, siteUrl: options.siteUrl }),
  );
}
