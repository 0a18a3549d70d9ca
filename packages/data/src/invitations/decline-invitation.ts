/** @module invitations/decline-invitation — the signed-in invitee declines (`decline-invitation`). */
import { respondInvitationInput } from '@lanes/shared/schemas/invitation';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { invokeFunction } from '../internal/invoke.ts';

export { respondInvitationInput as declineInvitationInput };
export type DeclineInvitationResult = undefined;

export async function declineInvitation(
  client: LanesClient,
  input: z.input<typeof respondInvitationInput>,
): Promise<DeclineInvitationResult> {
  const body = parseInput(respondInvitationInput, input);
  parseAnswer(
    z.object({ declined: z.literal(true) }),
    await invokeFunction(client, 'decline-invitation', body),
  );
}
