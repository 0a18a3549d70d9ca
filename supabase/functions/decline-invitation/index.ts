/**
 * @module decline-invitation — the invitee declines: token, email and state are checked by
 * `decline_invitation` (service role: the invitee cannot read the invitation), which marks it declined.
 */
import { respondInvitationInput } from '@lanes/shared/schemas/invitation.ts';
import { callerClient, requireUser, serviceClient } from '../_shared/clients.ts';
import { dbError } from '../_shared/db-error.ts';
import { json, readInput, serve } from '../_shared/http.ts';
import { hashToken } from '../_shared/token.ts';

serve(async (req) => {
  const { token } = await readInput(req, respondInvitationInput);
  const user = await requireUser(req, callerClient(req));
  const { error } = await serviceClient().rpc('decline_invitation', {
    token_hash: await hashToken(token),
    user_id: user.id,
    email: user.email,
  });
  if (error) throw dbError(error);
  return json(200, { declined: true });
});
