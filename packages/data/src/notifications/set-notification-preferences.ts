/** @module notifications/set-notification-preferences — changes how some kinds reach the signed-in user. */
import type { NotificationKind } from '@lanes/shared/constants';
import { setNotificationPreferencesInput } from '@lanes/shared/schemas/notification';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';
import {
  type GetNotificationPreferencesResult,
  getNotificationPreferences,
} from './get-notification-preferences.ts';

export { setNotificationPreferencesInput };

/**
 * Upserts one row per kind given (the database refuses unknown kinds and deliveries again) and answers with
 * every kind's delivery.
 * @example await setNotificationPreferences(client, { commented: 'in_app', mentioned: 'digest' })
 */
export async function setNotificationPreferences(
  client: LanesClient,
  input: z.input<typeof setNotificationPreferencesInput>,
): Promise<GetNotificationPreferencesResult> {
  const chosen = parseInput(setNotificationPreferencesInput, input);
  const userId = await sessionUserId(client);
  const rows = (Object.entries(chosen) as [NotificationKind, string][]).map(([kind, delivery]) => ({
    user_id: userId,
    kind,
    delivery,
  }));
  if (rows.length > 0) {
    unwrap(await client.from('notification_preferences').upsert(rows, { onConflict: 'user_id,kind' }));
  }
  return getNotificationPreferences(client);
}
