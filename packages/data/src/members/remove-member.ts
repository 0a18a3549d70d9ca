/** @module members/remove-member — removes someone from a workspace (`remove_member` RPC). */
import { removeMemberInput } from '@lanes/shared/schemas/member';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { removeMemberInput };
export type RemoveMemberResult = undefined;

export async function removeMember(
  client: LanesClient,
  input: z.input<typeof removeMemberInput>,
): Promise<RemoveMemberResult> {
  const { workspaceId, userId } = parseInput(removeMemberInput, input);
  unwrap(await client.rpc('remove_member', { workspace_id: workspaceId, user_id: userId }));
}
