/** @module constants — the business limits of SPEC §9 and the fixed vocabularies, in one place. */

const MB = 1024 * 1024;

/** SPEC §9 limits; the database enforces the same numbers in triggers and checks. */
export const LIMITS = {
  workspacesPerCreator: 20,
  membersPerWorkspace: 50,
  pendingInvitationsPerWorkspace: 50,
  invitationLifetimeDays: 7,
  boardsPerWorkspace: 50,
  columnsPerBoard: 20,
  tasksPerBoard: 5000,
  labelsPerBoard: 30,
  attachmentsPerTask: 20,
  checklistItemsPerTask: 100,
  attachmentBytes: 10 * MB,
  avatarBytes: 2 * MB,
  commentLength: 5000,
  invitationEmailsPerWorkspacePerHour: 20,
  /** People one comment or description can mention; the database leaves the rest as plain text. */
  mentionsPerText: 20,
} as const;

export type LimitName = keyof typeof LIMITS;

/** Thumbnail widths rendered through the storage transform endpoint. */
export const THUMBNAIL_SIZES = {
  avatar: [48, 96],
  attachment: [320, 640],
} as const;

export type AvatarSize = (typeof THUMBNAIL_SIZES.avatar)[number];
export type AttachmentThumbnailSize = (typeof THUMBNAIL_SIZES.attachment)[number];

export const INVITATION_LIFETIME_MS = LIMITS.invitationLifetimeDays * 24 * 60 * 60 * 1000;

export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an invitation may grant: ownership is only ever given by an owner to an existing member. */
export const INVITABLE_ROLES = ['admin', 'member', 'viewer'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** Higher is mightier; used to compare roles without a chain of ifs. */
export const ROLE_RANK: Record<Role, number> = { owner: 3, admin: 2, member: 1, viewer: 0 };

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const PRIORITIES = ['none', 'low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const LABEL_COLORS = ['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple'] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

/** Slugs that would collide with the app's own routes. */
export const RESERVED_SLUGS = ['new', 'settings', 'api', 'admin', 'auth', 'w', 'invite', 'account'] as const;

export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarMimeType = (typeof AVATAR_MIME_TYPES)[number];

export const BUCKETS = { avatars: 'avatars', attachments: 'attachments' } as const;

/** Bounds of a task's due date (inclusive), as ISO dates. */
export const DUE_DATE_RANGE = { min: '2000-01-01', max: '2100-12-31' } as const;

/** App paths the backend puts into emailed links. */
export const PATHS = {
  authConfirm: '/auth/confirm',
  invite: (token: string) => `/invite/${token}`,
  /** The web page behind a notification email's unsubscribe link (decision 075). */
  unsubscribe: (token: string) => `/unsubscribe?token=${encodeURIComponent(token)}`,
  task: (workspaceSlug: string, boardId: string, taskId: string) =>
    `/w/${workspaceSlug}/b/${boardId}/t/${taskId}`,
} as const;

/**
 * SPEC §10: what a notification is about (the database's `notifications_kind_known` check holds the same list).
 * `created` (a new task on a board one watches) is ours: SPEC §10 names no kind for it (decision 072's update).
 */
export const NOTIFICATION_KINDS = [
  'assigned',
  'mentioned',
  'commented',
  'completed',
  'due_soon',
  'overdue',
  'invited',
  'role_changed',
  'removed',
  'created',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a kind reaches the person: the inbox only, also an email at once, or also the daily digest. */
export const NOTIFICATION_DELIVERIES = ['in_app', 'instant', 'digest'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

/** SPEC §10's defaults, as `private.default_delivery` in the database: mentions and assignments at once. */
export const DEFAULT_NOTIFICATION_DELIVERY: Record<NotificationKind, NotificationDelivery> = {
  assigned: 'instant',
  mentioned: 'instant',
  commented: 'digest',
  completed: 'digest',
  due_soon: 'digest',
  overdue: 'digest',
  invited: 'digest',
  role_changed: 'digest',
  removed: 'digest',
  created: 'digest',
};

/** Comments on one task within this many minutes collapse into one unread notification (decision 072). */
export const COMMENT_COLLAPSE_MINUTES = 10;
