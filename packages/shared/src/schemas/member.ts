/** @module schemas/member — workspace roles, membership rows and the role-change rule. */
import { z } from 'zod';
import { ROLE_RANK, ROLES, type Role } from '../constants.ts';
import { id, timestamp } from './fields.ts';
import { profileSummary } from './profile.ts';

export const role = z.enum(ROLES);

export const memberRow = z.object({
  workspace_id: id,
  user_id: id,
  role,
  created_at: timestamp,
});
export type MemberRow = z.infer<typeof memberRow>;

export const memberWithProfile = memberRow.extend({ profile: profileSummary.nullable() });
export type MemberWithProfile = z.infer<typeof memberWithProfile>;

/** Whether `actor` may manage members at all (invite, resend, revoke, change roles, remove non-owners). */
export function canManageMembers(actor: Role): boolean {
  return ROLE_RANK[actor] >= ROLE_RANK.admin;
}

/** SPEC §6: admins move people among admin/member/viewer; only owners grant or remove `owner`. */
export function canChangeRole(actor: Role, from: Role, to: Role): boolean {
  if (!canManageMembers(actor)) return false;
  if (from === 'owner' || to === 'owner') return actor === 'owner';
  return true;
}

/** Input of `change_member_role`, refined by what the acting member may do. */
export function changeRoleInput(actor: Role, currentRole: Role) {
  return z
    .object({ workspaceId: id, userId: id, role })
    .refine((input) => canChangeRole(actor, currentRole, input.role), {
      message: 'Only owners can grant or remove the owner role.',
      path: ['role'],
    });
}
export type ChangeRoleInput = { workspaceId: string; userId: string; role: Role };

export const removeMemberInput = z.object({ workspaceId: id, userId: id });
export type RemoveMemberInput = z.infer<typeof removeMemberInput>;

export const leaveWorkspaceInput = z.object({ workspaceId: id });
export type LeaveWorkspaceInput = z.infer<typeof leaveWorkspaceInput>;
