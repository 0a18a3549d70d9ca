/**
 * @module accept-invitation — the invitee accepts: token, email and expiry are checked and the membership is
 * created in one transaction by `accept_invitation` (service role: the invitee cannot read the invitation).
 * With `{ token, preview: true }` it answers what the invitation page shows instead, without changing anything.
 */

import { LanesError } from '@lanes/shared/errors.ts';
import { invitationToken } from '@lanes/shared/schemas/invitation.ts';
import { z } from 'zod';
import { callerClient, requireUser, serviceClient } from '../_shared/clients.ts';
import { dbError } from '../_shared/db-error.ts';
import { json, readInput, serve } from '../_shared/http.ts';
import { hashToken } from '../_shared/token.ts';

const input = z.object({ token: invitationToken, preview: z.boolean().optional() });

const accepted = z.object({ workspace_id: z.string(), slug: z.string(), name: z.string(), role: z.string() });

serve(async (req) => {
  const { token, preview } = await readInput(req, input);
  const tokenHash = await hashToken(token);
  if (preview) {
    const { data, error } = await serviceClient().rpc('invitation_preview', { token_hash: tokenHash });
    if (error) throw dbError(error);
    if (!data) throw new LanesError('NOT_FOUND', { message: 'This invitation link is not valid.' });
    return json(200, { preview: data });
  }
  const user = await requireUser(req, callerClient(req));
  const { data, error } = await serviceClient().rpc('accept_invitation', {
    token_hash: tokenHash,
    user_id: user.id,
    email: user.email,
  });
  if (error) throw dbError(error);
  const row = accepted.parse(data);
  return json(200, { workspace: { id: row.workspace_id, slug: row.slug, name: row.name }, role: row.role });
});
