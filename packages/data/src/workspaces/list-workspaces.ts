/** @module workspaces/list-workspaces — the workspaces the signed-in user belongs to, with their role. */
import { role } from '@lanes/shared/schemas/member';
import { workspaceRow } from '@lanes/shared/schemas/workspace';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export const listWorkspacesInput = z.undefined();

const answer = z.array(workspaceRow.extend({ members: z.array(z.object({ role })).length(1) }));
export type ListWorkspacesResult = (z.infer<typeof workspaceRow> & { role: z.infer<typeof role> })[];

export async function listWorkspaces(
  client: LanesClient,
  signal?: AbortSignal,
): Promise<ListWorkspacesResult> {
  const userId = await sessionUserId(client);
  // `!inner` + the filter on the embedded membership keeps only the caller's own row per workspace.
  const rows = unwrap(
    await abortable(
      client
        .from('workspaces')
        .select('*, members:workspace_members!inner(role)')
        .eq('members.user_id', userId)
        .order('name'),
      signal,
    ),
  );
  return parseAnswer(answer, rows).map(({ members, ...workspace }) => ({
    ...workspace,
    role: members[0]!.role,
  }));
}
