/** @module profiles/get-profile — a profile the caller may see (their own, or a teammate's). */
import { LanesError } from '@lanes/shared/errors';
import { id } from '@lanes/shared/schemas/fields';
import { type ProfileRow, profileRow } from '@lanes/shared/schemas/profile';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export const getProfileInput = z.object({ userId: id });
export type GetProfileResult = ProfileRow;

export async function getProfile(
  client: LanesClient,
  input: z.input<typeof getProfileInput>,
  signal?: AbortSignal,
): Promise<GetProfileResult> {
  const { userId } = parseInput(getProfileInput, input);
  const row = unwrap(
    await abortable(client.from('profiles').select('*').eq('id', userId), signal).maybeSingle(),
  );
  if (!row) throw new LanesError('NOT_FOUND');
  return parseAnswer(profileRow, row);
}
