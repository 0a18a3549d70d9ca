/**
 * @module features/account/notification-choices — the words of the account's Notifications section: each kind
 * as a person reads it, and the three deliveries.
 */
import type { NotificationDelivery, NotificationKind } from '@lanes/shared/constants';

export const KIND_LABELS: Record<NotificationKind, string> = {
  mentioned: 'Someone mentions me',
  assigned: 'A task is assigned to me',
  commented: 'Comments on tasks I watch',
  completed: 'Tasks I watch are done',
  created: 'New tasks on boards I watch',
  due_soon: 'My tasks are due tomorrow',
  overdue: 'My tasks are overdue',
  invited: 'I am invited to a workspace',
  role_changed: 'My role in a workspace changes',
  removed: 'I am removed from a workspace',
};

export const DELIVERY_LABELS: Record<NotificationDelivery, string> = {
  in_app: 'In the app only',
  instant: 'Email at once',
  digest: 'Daily digest email',
};

/** The zones this runtime knows, with `current` kept even if it does not list it (e.g. an alias). */
export function timeZoneChoices(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(['UTC', ...zones]);
  all.add(current);
  return [...all].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}
