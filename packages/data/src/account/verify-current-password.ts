/**
 * @module account/verify-current-password — proves the signed-in person knows their current password before a
 * password or email change, by signing in on a throwaway client (one that keeps no session of its own) and
 * ending that extra session at once.
 */
import { LanesError } from '@lanes/shared/errors';
import { currentPassword } from '@lanes/shared/schemas/auth';
import { email } from '@lanes/shared/schemas/fields';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { toLanesError } from '../errors/to-lanes-error.ts';
import { parseInput } from '../internal/checks.ts';

export const verifyCurrentPasswordInput = z.object({ email, currentPassword });

export type VerifyCurrentPasswordResult = undefined;

/**
 * Resolves when the password is right; VALIDATION on `currentPassword` when it is not. `throwaway` must not be
 * the caller's own client: the sign-in would replace its session.
 * @example await verifyCurrentPassword(createLanesClient(url, key, { auth: { persistSession: false } }), input)
 */
export async function verifyCurrentPassword(
  throwaway: LanesClient,
  input: z.input<typeof verifyCurrentPasswordInput>,
): Promise<VerifyCurrentPasswordResult> {
  const checked = parseInput(verifyCurrentPasswordInput, input);
  const { error } = await throwaway.auth.signInWithPassword({
    email: checked.email,
    password: checked.currentPassword,
  });
  if (error) {
    if (error.code === 'invalid_credentials') {
      throw new LanesError('VALIDATION', {
        field: 'currentPassword',
        message: 'That is not your current password.',
      });
    }
    throw toLanesError(error);
  }
  // The check made a session of its own; it ends here so the account's session list does not grow.
  await throwaway.auth.signOut({ scope: 'local' });
}
