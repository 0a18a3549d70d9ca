/** @module profiles/update-profile — changes the signed-in user's display name. */
import { type ProfileRow, profileRow, updateProfileInput } from '@lanes/shared/schemas/profile';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { oneRow, parseAnswer, parseInput, unwrap } from '../internal/checks.ts';
import { sessionUserId } from '../internal/session.ts';

export { updateProfileInput };
export type UpdateProfileResult = ProfileRow;

export async function updateProfile(
  client: LanesClient,
  input: z.input<typeof updateProfileInput>,
): Promise<UpdateProfileResult> {
  const { displayName } = parseInput(updateProfileInput, input);
  const userId = await sessionUserId(client);
  const rows = unwrap(
    await client.from('profiles').update({ display_name: displayName }).eq('id', userId).select(),
  );
  return parseAnswer(profileRow, oneRow(rows));
}
