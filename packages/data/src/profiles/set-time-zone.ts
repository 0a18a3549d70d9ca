/** @module profiles/set-time-zone — the signed-in user's time zone (their digest and reminders arrive at 08:00 in it). */
import { setTimeZoneInput } from '@lanes/shared/schemas/notification';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseInput, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export { setTimeZoneInput };
export type SetTimeZoneResult = { timeZone: string };

/** A zone the browser knows but Postgres does not is VALIDATION on `time_zone` from the database. */
export async function setTimeZone(
  client: LanesClient,
  input: z.input<typeof setTimeZoneInput>,
): Promise<SetTimeZoneResult> {
  const { timeZone } = parseInput(setTimeZoneInput, input);
  const userId = await sessionUserId(client);
  const rows = unwrap(
    await client.from('profiles').update({ time_zone: timeZone }).eq('id', userId).select('time_zone'),
  );
  return { timeZone: oneRow(rows).time_zone };
}
