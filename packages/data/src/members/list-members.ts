/** @module members/list-members — a workspace's members with their profiles, in one request. */

import { id } from '@lanes/shared/schemas/fields';
import { type MemberWithProfile, memberWithProfile } from '@lanes/shared/schemas/member';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const listMembersInput = z.object({ workspaceId: id });
export type ListMembersResult = MemberWithProfile[];

export async function listMembers(client: LanesClient, input: unknown): Promise<ListMembersResult> {
  const { workspaceId } = parseInput(listMembersInput, input);
  const rows = unwrap(
    await client
      .from('workspace_members')
      .select('workspace_id, user_id, role, created_at, profile:profiles(id, display_name, avatar_path)')
      .eq('workspace_id', workspaceId)
      .order('created_at'),
  );
  return parseAnswer(z.array(memberWithProfile), rows);
}
