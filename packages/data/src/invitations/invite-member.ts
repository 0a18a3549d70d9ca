/** @module invitations/invite-member — invites someone by email through the `invite-member` function. */
import { type InvitationResult, invitationResult, inviteMemberInput } from '@lanes/shared/schemas/invitation';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { invokeFunction } from '../internal/invoke.ts';

export { inviteMemberInput };
export type InviteMemberResult = InvitationResult;

/**
 * FORBIDDEN below admin; ALREADY_MEMBER; CONFLICT (field `email`) with a pending invitation;
 * LIMIT_REACHED for members, pending invitations or 20 emails an hour. `siteUrl` is the app's address the
 * emailed link should use; the function takes it on the local stack only (decision 081).
 * @example await inviteMember(client, { workspaceId, email, role: 'member' }, { siteUrl: env.SITE_URL })
 */
export async function inviteMember(
  client: LanesClient,
  input: z.input<typeof inviteMemberInput>,
  options: { siteUrl?: string } = {},
): Promise<InviteMemberResult> {
  const body = parseInput(inviteMemberInput, input);
  return parseAnswer(
    invitationResult,
    await invokeFunction(client, 'invite-member', { ...body, siteUrl: options.siteUrl }),
  );
}
