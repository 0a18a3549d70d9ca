/** @module schemas/notification — notifications, watching, delivery preferences and the time zone (SPEC §10). */
import { z } from 'zod';
import { NOTIFICATION_DELIVERIES, NOTIFICATION_KINDS, type NotificationKind } from '../constants.ts';
import { id, timestamp } from './fields.ts';

export const notificationKind = z.enum(NOTIFICATION_KINDS, { message: 'Unknown notification kind.' });
export const notificationDelivery = z.enum(NOTIFICATION_DELIVERIES, {
  message: 'Choose in-app only, email at once or daily digest.',
});

/** The inbox's row: the task and the actor embedded when the reader may still see them. */
export const notificationRow = z.object({
  id,
  kind: notificationKind,
  workspace_id: id.nullable(),
  task_id: id.nullable(),
  actor_id: id.nullable(),
  data: z.record(z.string(), z.unknown()),
  read_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  task: z.object({ id, number: z.number().int(), title: z.string(), board_id: id }).nullable(),
  actor: z.object({ id, display_name: z.string(), avatar_path: z.string().nullable() }).nullable(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

export const listNotificationsInput = z.object({
  unreadOnly: z.boolean().default(false),
  limit: z.number().int().min(1).max(100).default(50),
  /** The `updated_at` of the last row already shown: the next page starts after it. */
  before: timestamp.optional(),
});

export const markNotificationsReadInput = z.object({
  ids: z.array(id).min(1, { message: 'Choose at least one notification.' }).max(100),
});

export const taskWatchInput = z.object({ taskId: id });
export const boardWatchInput = z.object({ boardId: id });

/** Every kind with its delivery (the stored choice or the default). */
export const notificationPreferences = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, notificationDelivery])) as Record<
    NotificationKind,
    typeof notificationDelivery
  >,
);
export type NotificationPreferences = z.infer<typeof notificationPreferences>;

/** Some kinds with new deliveries; an unknown kind is a field error on its own name. */
export const setNotificationPreferencesInput = notificationPreferences.partial().strict();
export type SetNotificationPreferencesInput = z.infer<typeof setNotificationPreferencesInput>;

/** Accepts a zone this runtime knows (IANA names); the database checks it again against pg_timezone_names. */
export const timeZone = z
  .string()
  .trim()
  .min(1, { message: 'Required.' })
  .max(64, { message: 'At most 64 characters.' })
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Choose a time zone from the list.' },
  );

export const setTimeZoneInput = z.object({ timeZone });

/** A one-click unsubscribe token from an email (decision 075): `<user uuid>.<kind or digest>.<signature>`. */
export const unsubscribeInput = z.object({
  token: z.string().regex(/^[0-9a-f-]{36}\.[a-z_]{1,20}\.[A-Za-z0-9_-]{43}$/, {
    message: 'This unsubscribe link is not valid.',
  }),
});

/** What unsubscribing changed: the kinds now delivered in the app only. */
export const unsubscribeAnswer = z.object({
  scope: z.union([notificationKind, z.literal('digest')]),
  kinds: z.array(notificationKind),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswer>;

/** A notification email that kept failing, as the workspace's admins see it (decision 075). */
export const notificationEmailFailure = z.object({
  id: z.number().int(),
  kind: z.enum(['instant', 'digest']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  failed_at: timestamp,
  recipient: z.object({ id, display_name: z.string() }).nullable(),
});
export type NotificationEmailFailure = z.infer<typeof notificationEmailFailure>;

export const listEmailFailuresInput = z.object({ workspaceId: id });
