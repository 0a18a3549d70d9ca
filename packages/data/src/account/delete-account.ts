/** @module account/delete-account — deletes the signed-in user's account through the `delete-account` function. */
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer } from '../internal/checks.ts';
import { invokeFunction } from '../internal/invoke.ts';

export const deleteAccountInput = z.object({});

export const deleteAccountResult = z.object({ deletedWorkspaceIds: z.array(z.guid()) });
export type DeleteAccountResult = z.infer<typeof deleteAccountResult>;

/** LAST_OWNER while the user is the last owner of a workspace with other members; then signs out locally. */
export async function deleteAccount(client: LanesClient): Promise<DeleteAccountResult> {
  const result = parseAnswer(deleteAccountResult, await invokeFunction(client, 'delete-account', {}));
  // The server already revoked every session with the user; drop the local copy too.
  await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
  return result;
}
