/** @module workspaces/delete-workspace — deletes a workspace with everything in it (owners only). */
import { LanesError } from '@lanes/shared/errors';
import { id } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseInput, unwrap } from '../internal/checks.ts';
import { removeAttachmentFiles } from '../internal/remove-files.ts';
import { sessionUserId } from '../internal/session.ts';

export const deleteWorkspaceInput = z.object({ workspaceId: id });
export type DeleteWorkspaceResult = undefined;

/**
 * Files first: the storage policies that let the owner remove them look at the membership, which goes with
 * the workspace. So ownership is checked before anything is removed (FORBIDDEN for other members,
 * NOT_FOUND for strangers), then the files, then the rows in one cascade.
 */
export async function deleteWorkspace(
  client: LanesClient,
  input: z.input<typeof deleteWorkspaceInput>,
): Promise<DeleteWorkspaceResult> {
  const { workspaceId } = parseInput(deleteWorkspaceInput, input);
  const userId = await sessionUserId(client);
  const membership = unwrap(
    await client
      .from('workspace_members')
      .select('role')
      .eq('workspace_id', workspaceId)
      .eq('user_id', userId)
      .maybeSingle(),
  );
  if (!membership) throw new LanesError('NOT_FOUND');
  if (membership.role !== 'owner')
    throw new LanesError('FORBIDDEN', { message: 'Only owners can delete a workspace.' });
  const files = unwrap(
    await client
      .from('attachments')
      .select('object_path, task:tasks!attachments_task_id_fkey!inner(board:boards!inner(workspace_id))')
      .eq('task.board.workspace_id', workspaceId),
  );
  await removeAttachmentFiles(
    client,
    files.map((f) => f.object_path),
  );
  oneRow(unwrap(await client.from('workspaces').delete().eq('id', workspaceId).select('id')));
}
