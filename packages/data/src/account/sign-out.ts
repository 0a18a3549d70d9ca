/** @module account/sign-out — ends this device's session (`local`) or every session (`global`). */
import { signOutScope } from '@lanes/shared/schemas/auth';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { toLanesError } from '../errors/to-lanes-error.ts';
import { parseInput } from '../internal/checks.ts';

export const signOutInput = z.object({ scope: signOutScope.default('local') });

export type SignOutResult = undefined;

export async function signOut(
  client: LanesClient,
  input: z.input<typeof signOutInput> = {},
): Promise<SignOutResult> {
  const { scope } = parseInput(signOutInput, input);
  const { error } = await client.auth.signOut({ scope });
  // A session the server already forgot is signed out all the same; the local copy is gone either way.
  if (error && toLanesError(error).code !== 'SESSION_EXPIRED') throw toLanesError(error);
}
