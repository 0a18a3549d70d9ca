/** @module notifications/get-notification-preferences — how each kind reaches the signed-in user. */
import { DEFAULT_NOTIFICATION_DELIVERY } from '@lanes/shared/constants';
import {
  type NotificationPreferences,
  notificationDelivery,
  notificationKind,
} from '@lanes/shared/schemas/notification';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, unwrap } from '../internal/checks.ts';

export type GetNotificationPreferencesResult = NotificationPreferences;

const storedRows = z.array(z.object({ kind: notificationKind, delivery: notificationDelivery }));

/** Only choices that differ from SPEC §10's defaults are stored; the rest are filled in here. */
export async function getNotificationPreferences(
  client: LanesClient,
  signal?: AbortSignal,
): Promise<GetNotificationPreferencesResult> {
  const query = abortable(client.from('notification_preferences').select('kind, delivery'), signal);
  const rows = parseAnswer(storedRows, unwrap(await query));
  const preferences = { ...DEFAULT_NOTIFICATION_DELIVERY };
  for (const row of rows) preferences[row.kind] = row.delivery;
  return preferences;
}
