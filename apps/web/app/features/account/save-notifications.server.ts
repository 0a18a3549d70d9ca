/**
 * @module features/account/save-notifications.server — the Notifications form's POST: every delivery and the
 * time zone checked together (zod in `@lanes/shared`, the same rules as the database) so each refusal is a
 * field error beside its own choice, then stored; nothing is stored unless all of it is valid.
 */
import type { LanesClient } from '@lanes/data/client';
import { setNotificationPreferences } from '@lanes/data/notifications/set-notification-preferences';
import { setTimeZone } from '@lanes/data/profiles/set-time-zone';
import { validationError } from '@lanes/shared/errors';
import { setNotificationPreferencesInput, setTimeZoneInput } from '@lanes/shared/schemas/notification';

export async function saveNotificationChoices(client: LanesClient, posted: Record<string, string>) {
  const { timeZone = '', ...deliveries } = posted;
  const issues: { path: PropertyKey[]; message: string }[] = [];
  const choices = setNotificationPreferencesInput.safeParse(deliveries);
  if (!choices.success) {
    for (const issue of choices.error.issues) {
      // An unknown kind (a crafted post) is named in the message: there is no field of that name to show it by.
      if (issue.code === 'unrecognized_keys') {
        issues.push({ path: [], message: `Unknown notification kind: ${issue.keys.join(', ')}.` });
      } else issues.push(issue);
    }
  }
  const zone = setTimeZoneInput.safeParse({ timeZone });
  if (!zone.success) issues.push(...zone.error.issues);
  if (issues.length > 0 || !choices.success || !zone.success) throw validationError(issues);
  await setTimeZone(client, zone.data);
  await setNotificationPreferences(client, choices.data);
}
