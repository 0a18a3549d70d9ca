/** @module invitations/list-invitations — a workspace's pending invitations (admins and owners see them). */
import { id } from '@lanes/shared/schemas/fields';
import { type InvitationRow, invitationRow } from '@lanes/shared/schemas/invitation';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { INVITATION_COLUMNS } from './columns.ts';

export const listInvitationsInput = z.object({ workspaceId: id });
export type ListInvitationsResult = InvitationRow[];

export async function listInvitations(
  client: LanesClient,
  input: z.input<typeof listInvitationsInput>,
  signal?: AbortSignal,
): Promise<ListInvitationsResult> {
  const { workspaceId } = parseInput(listInvitationsInput, input);
  const rows = unwrap(
    await abortable(
      client
        .from('invitations')
        .select(INVITATION_COLUMNS)
        .eq('workspace_id', workspaceId)
        .eq('status', 'pending')
        .order('created_at', { ascending: false }),
      signal,
    ),
  );
  return parseAnswer(z.array(invitationRow), rows);
}
