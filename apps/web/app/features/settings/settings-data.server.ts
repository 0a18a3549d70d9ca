/**
 * @module features/settings/settings-data.server — what `/w/:slug/settings` shows, shaped for the screen: each
 * member with the roles I may give them, and the invitations and email budget only for those who manage them.
 */
import type { LanesClient } from '@lanes/data/client';
import { getInvitationBudget } from '@lanes/data/invitations/get-invitation-budget';
import { listInvitations } from '@lanes/data/invitations/list-invitations';
import { listMemberEmails } from '@lanes/data/members/list-member-emails';
import { listMembers } from '@lanes/data/members/list-members';
import { ROLES, type Role } from '@lanes/shared/constants';
import { canChangeRole, canManageMembers } from '@lanes/shared/schemas/member';
import { type RelativeOptions, relativeTime } from '#app/lib/time-format.ts';

// Expiries and cool-downs in days at most, to the nearest unit: an invitation sent a moment ago "expires in 7
// days", not 6 and not "next week"; written in US English on the server, the same text after hydration.
const UNTIL: RelativeOptions = { locale: 'en', largest: 'day', round: 'nearest' };

/** The workspace being configured and my role in it (the route loads it; features don't import features). */
export interface SettingsWorkspace {
  id: string;
  slug: string;
  name: string;
  role: Role;
}

export interface SettingsMember {
  userId: string;
  name: string;
  email: string;
  avatarPath: string | null;
  role: Role;
  isMe: boolean;
  /** Roles I may set for this member (their current one included); one entry means no choice. */
  roleOptions: Role[];
  removable: boolean;
}

export interface SettingsInvitation {
  id: string;
  email: string;
  role: Role;
  expired: boolean;
  /** "in 7 days" or, once expired, "2 hours ago". */
  expires: string;
}

export interface SettingsData {
  workspace: SettingsWorkspace;
  can: { rename: boolean; manage: boolean; delete: boolean };
  members: SettingsMember[];
  invitations: SettingsInvitation[];
  /** Emails left this hour, and when the next is possible once none are (SPEC §9). */
  budget: { remaining: number; nextIn: string | null } | null;
}

/** The settings of a workspace I belong to, as the signed-in `userId` (my role decides what is loaded). */
export async function loadSettings(
  client: LanesClient,
  workspace: SettingsWorkspace,
  userId: string,
  signal?: AbortSignal,
): Promise<SettingsData> {
  const manage = canManageMembers(workspace.role);
  const input = { workspaceId: workspace.id };
  const [members, emails, invitations, budget] = await Promise.all([
    listMembers(client, input, signal),
    listMemberEmails(client, input, signal),
    manage ? listInvitations(client, input, signal) : [],
    manage ? getInvitationBudget(client, input, signal) : null,
  ]);
  const now = Date.now();
  return {
    workspace,
    can: { rename: manage, manage, delete: workspace.role === 'owner' },
    members: members.map((m) => {
      const isMe = m.user_id === userId;
      return {
        userId: m.user_id,
        name: m.profile?.display_name ?? 'Former member',
        email: emails.get(m.user_id) ?? '',
        avatarPath: m.profile?.avatar_path ?? null,
        role: m.role,
        isMe,
        roleOptions: ROLES.filter((r) => r === m.role || canChangeRole(workspace.role, m.role, r)),
        // Leaving is how I remove myself; only owners remove owners.
        removable: manage && !isMe && (m.role !== 'owner' || workspace.role === 'owner'),
      };
    }),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      expired: Date.parse(i.expires_at) <= now,
      expires: relativeTime(i.expires_at, now, UNTIL),
    })),
    budget: budget && {
      remaining: budget.remaining,
      nextIn: budget.nextAt ? relativeTime(budget.nextAt, now, UNTIL) : null,
    },
  };
}
