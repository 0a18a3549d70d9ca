/**
 * @module members/get-my-role — the signed-in user's own role in a workspace, or null once they are no longer a
 * member: what a board re-reads when the workspace's membership channel says something changed (decision 191).
 */

import type { Role } from '@lanes/shared/constants';
import { id } from '@lanes/shared/schemas/fields';
import { role } from '@lanes/shared/schemas/member';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export const getMyRoleInput = z.object({ workspaceId: id });
export type GetMyRoleResult = Role | null;

/** One indexed row by primary key; SESSION_EXPIRED without a session. */
export async function getMyRole(
  client: LanesClient,
  input: z.input<typeof getMyRoleInput>,
  signal?: AbortSignal,
): Promise<GetMyRoleResult> {
  const { workspaceId } = parseInput(getMyRoleInput, input);
  const userId = await sessionUserId(client);
  const rows = unwrap(
    await abortable(
      client
        .from('workspace_members')
        .select('role')
        .eq('workspace_id', workspaceId)
        .eq('user_id', userId)
        .limit(1),
      signal,
    ),
  );
  return parseAnswer(z.array(z.object({ role })).max(1), rows)[0]?.role ?? null;
}
