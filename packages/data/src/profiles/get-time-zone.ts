/** @module profiles/get-time-zone — the signed-in user's time zone, for the account's notifications section. */
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { oneRow, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';
import type { SetTimeZoneResult } from './set-time-zone.ts';

export type GetTimeZoneResult = SetTimeZoneResult;

export async function getTimeZone(client: LanesClient, signal?: AbortSignal): Promise<GetTimeZoneResult> {
  const userId = await sessionUserId(client);
  const query = abortable(client.from('profiles').select('time_zone').eq('id', userId), signal);
  return { timeZone: oneRow(unwrap(await query)).time_zone };
}
