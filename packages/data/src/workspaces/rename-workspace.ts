/** @module workspaces/rename-workspace — renames a workspace (admins and owners). */
import { renameWorkspaceInput, type WorkspaceRow, workspaceRow } from '@lanes/shared/schemas/workspace';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { renameWorkspaceInput };
export type RenameWorkspaceResult = WorkspaceRow;

export async function renameWorkspace(
  client: LanesClient,
  input: z.input<typeof renameWorkspaceInput>,
): Promise<RenameWorkspaceResult> {
  const { workspaceId, name } = parseInput(renameWorkspaceInput, input);
  const rows = unwrap(await client.from('workspaces').update({ name }).eq('id', workspaceId).select());
  return parseAnswer(workspaceRow, oneRow(rows));
}
