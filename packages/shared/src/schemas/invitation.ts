/** @module schemas/invitation — invitation inputs (with the inviter's-role rule) and rows. */
import { z } from 'zod';
import { INVITABLE_ROLES, INVITATION_STATUSES, ROLE_RANK, type Role } from '../constants.ts';
import { email, id, timestamp } from './fields.ts';

export const invitableRole = z.enum(INVITABLE_ROLES, { message: 'Choose admin, member or viewer.' });

/** The invitation as sent over the wire, before we know who sends it. */
export const inviteMemberInput = z.object({ workspaceId: id, email, role: invitableRole });
export type InviteMemberInput = z.infer<typeof inviteMemberInput>;

/** Whether `inviter` may send an invitation granting `role` (admins and owners; never above their own). */
export function canInvite(inviter: Role, role: Role): boolean {
  return (
    ROLE_RANK[inviter] >= ROLE_RANK.admin && ROLE_RANK[role] <= Math.min(ROLE_RANK[inviter], ROLE_RANK.admin)
  );
}

/** `inviteMemberInput` refined by the inviter's role: an admin cannot invite above admin. */
export function inviteMemberInputFor(inviter: Role) {
  return z
    .object({ workspaceId: id, email, role: z.enum(['owner', ...INVITABLE_ROLES]) })
    .refine((input) => canInvite(inviter, input.role), {
      message:
        ROLE_RANK[inviter] >= ROLE_RANK.admin
          ? 'Invitations can grant admin at most.'
          : 'Only owners and admins can invite.',
      path: ['role'],
    })
    .transform((input) => input as InviteMemberInput);
}

/** Raw tokens are 32 random bytes, base64url: 43 characters. */
export const invitationToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { message: 'Not a valid invitation link.' });

export const respondInvitationInput = z.object({ token: invitationToken });
export type RespondInvitationInput = z.infer<typeof respondInvitationInput>;

export const invitationIdInput = z.object({ invitationId: id });
export type InvitationIdInput = z.infer<typeof invitationIdInput>;

export const invitationStatus = z.enum(INVITATION_STATUSES);

export const invitationRow = z.object({
  id,
  workspace_id: id,
  email: z.string(),
  role: invitableRole,
  status: invitationStatus,
  invited_by: id.nullable(),
  expires_at: timestamp,
  responded_at: timestamp.nullable(),
  accepted_by: id.nullable(),
  created_at: timestamp,
});
export type InvitationRow = z.infer<typeof invitationRow>;

/** What `invite-member` answers: the invitation without its token hash. */
export const invitationResult = z.object({ invitation: invitationRow });
export type InvitationResult = z.infer<typeof invitationResult>;

/** What `accept-invitation` answers: where to go next. */
export const acceptInvitationResult = z.object({
  workspace: z.object({ id, slug: z.string(), name: z.string() }),
  role: invitableRole,
});
export type AcceptInvitationResult = z.infer<typeof acceptInvitationResult>;
