/** @module workspaces/create-workspace — creates a workspace with the caller as owner (`create_workspace` RPC). */
import { createWorkspaceInput, type WorkspaceRow, workspaceRow } from '@lanes/shared/schemas/workspace';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { createWorkspaceInput };
export type CreateWorkspaceResult = WorkspaceRow;

/** SLUG_TAKEN (field `slug`) when the address is in use; LIMIT_REACHED after 20 workspaces. */
export async function createWorkspace(
  client: LanesClient,
  input: z.input<typeof createWorkspaceInput>,
): Promise<CreateWorkspaceResult> {
  const { name, slug } = parseInput(createWorkspaceInput, input);
  return parseAnswer(workspaceRow, unwrap(await client.rpc('create_workspace', { name, slug })));
}
