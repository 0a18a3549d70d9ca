/**
 * @module members/list-members — a workspace's members with their profiles, in one request. The workspace is
 * named by id, or by the slug in the URL, so a page can read its members beside the workspace's own lookup
 * instead of after it.
 */

import { id } from '@lanes/shared/schemas/fields';
import { type MemberWithProfile, memberWithProfile } from '@lanes/shared/schemas/member';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { PROFILE_SUMMARY } from '../internal/profile-summary.ts';

export const listMembersInput = z.union([
  z.object({ workspaceId: id }),
  // Any slug a URL can hold: one that names no workspace of mine simply has no members to show.
  z.object({ workspaceSlug: z.string().min(1).max(100) }),
]);
export type ListMembersResult = MemberWithProfile[];

/** A membership with the member's profile; `getTaskPanel` reads the same shape embedded under the workspace. */
export const MEMBER_SELECT =
  `workspace_id, user_id, role, created_at, profile:profiles(${PROFILE_SUMMARY})` as const;

export async function listMembers(
  client: LanesClient,
  input: z.input<typeof listMembersInput>,
  signal?: AbortSignal,
): Promise<ListMembersResult> {
  const where = parseInput(listMembersInput, input);
  const query =
    'workspaceId' in where
      ? client.from('workspace_members').select(MEMBER_SELECT).eq('workspace_id', where.workspaceId)
      : client
          .from('workspace_members')
          .select(`${MEMBER_SELECT}, workspace:workspaces!inner(slug)`)
          .eq('workspace.slug', where.workspaceSlug);
  const rows = unwrap(await abortable(query.order('created_at'), signal));
  return parseAnswer(z.array(memberWithProfile), rows);
}
