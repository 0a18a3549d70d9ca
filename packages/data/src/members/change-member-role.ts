/** @module members/change-member-role — changes a member's role (`change_member_role` RPC). */

import { id } from '@lanes/shared/schemas/fields';
import { type MemberRow, memberRow, role } from '@lanes/shared/schemas/member';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

/** The actor's role refines this on the form (`changeRoleInput` in @lanes/shared); the database decides. */
export const changeMemberRoleInput = z.object({ workspaceId: id, userId: id, role });
export type ChangeMemberRoleResult = MemberRow;

/** FORBIDDEN for non-admins and for admins touching ownership; LAST_OWNER when demoting the last owner. */
export async function changeMemberRole(
  client: LanesClient,
  input: z.input<typeof changeMemberRoleInput>,
): Promise<ChangeMemberRoleResult> {
  const args = parseInput(changeMemberRoleInput, input);
  const row = unwrap(
    await client.rpc('change_member_role', {
      workspace_id: args.workspaceId,
      user_id: args.userId,
      role: args.role,
    }),
  );
  return parseAnswer(memberRow, row);
}
