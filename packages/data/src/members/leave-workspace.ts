/** @module members/leave-workspace — the signed-in user leaves a workspace; LAST_OWNER for its last owner. */
import { leaveWorkspaceInput } from '@lanes/shared/schemas/member';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { leaveWorkspaceInput };
export type LeaveWorkspaceResult = undefined;

export async function leaveWorkspace(
  client: LanesClient,
  input: z.input<typeof leaveWorkspaceInput>,
): Promise<LeaveWorkspaceResult> {
  const { workspaceId } = parseInput(leaveWorkspaceInput, input);
  unwrap(await client.rpc('leave_workspace', { workspace_id: workspaceId }));
}
