/** @module invitations/preview-invitation — what the invitation page shows for a token (no sign-in needed). */
import { id, timestamp } from '@lanes/shared/schemas/fields';
import { invitableRole, invitationStatus, respondInvitationInput } from '@lanes/shared/schemas/invitation';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { invokeFunction } from '../internal/invoke.ts';

export { respondInvitationInput as previewInvitationInput };

const answer = z.object({
  preview: z.object({
    invitation_id: id,
    workspace_id: id,
    workspace_name: z.string(),
    workspace_slug: z.string(),
    inviter_name: z.string().nullable(),
    email: z.string(),
    role: invitableRole,
    status: invitationStatus,
    expires_at: timestamp,
  }),
});
export type PreviewInvitationResult = z.infer<typeof answer>['preview'];

export async function previewInvitation(
  client: LanesClient,
  input: z.input<typeof respondInvitationInput>,
): Promise<PreviewInvitationResult> {
  const { token } = parseInput(respondInvitationInput, input);
  return parseAnswer(answer, await invokeFunction(client, 'accept-invitation', { token, preview: true }))
    .preview;
}
