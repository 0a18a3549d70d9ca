import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_DELIVERY, NOTIFICATION_KINDS } from '../constants.ts';
import {
  markNotificationsReadInput,
  setNotificationPreferencesInput,
  setTimeZoneInput,
} from './notification.ts';

const fieldsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.') || '_form', i.message]));

describe('notification schemas', () => {
  it('every kind has a default delivery', () => {
    expect(Object.keys(DEFAULT_NOTIFICATION_DELIVERY).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it('takes some kinds at a time and refuses unknown kinds and deliveries with field errors', () => {
    expect(setNotificationPreferencesInput.parse({ commented: 'in_app' })).toEqual({ commented: 'in_app' });
    const bad = setNotificationPreferencesInput.safeParse({ mentioned: 'pigeon', shouted: 'instant' });
    expect(bad.success).toBe(false);
    expect(fieldsOf(bad)).toEqual({
      mentioned: 'Choose in-app only, email at once or daily digest.',
      _form: expect.stringContaining('shouted'),
    });
  });

  it('accepts IANA time zones only', () => {
    expect(setTimeZoneInput.parse({ timeZone: ' Europe/Paris ' })).toEqual({ timeZone: 'Europe/Paris' });
    expect(fieldsOf(setTimeZoneInput.safeParse({ timeZone: 'Mars/Olympus' }))).toEqual({
      timeZone: 'Choose a time zone from the list.',
    });
  });

  it('marks 1 to 100 notifications at a time', () => {
    expect(fieldsOf(markNotificationsReadInput.safeParse({ ids: [] }))).toEqual({
      ids: 'Choose at least one notification.',
    });
  });
});
