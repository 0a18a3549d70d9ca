/**
 * @module account/change-email — asks Auth to move the signed-in user to a new address. Nothing changes until
 * the emailed links are opened: with `double_confirm_changes` one goes to the current address and one to the new.
 * The account page checks the current password first (`verify-current-password`).
 */
import { PATHS } from '@lanes/shared/constants';
import { emailOnlyInput } from '@lanes/shared/schemas/auth';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { emailOnlyInput as changeEmailInput };

export type ChangeEmailResult = undefined;

/**
 * An address already taken answers USER_EXISTS on the `email` field (GoTrue's `email_exists`).
 * @example await changeEmail(client, { email: 'new@example.com' }, { siteUrl: env.SITE_URL })
 */
export async function changeEmail(
  client: LanesClient,
  input: z.input<typeof emailOnlyInput>,
  options: { siteUrl: string },
): Promise<ChangeEmailResult> {
  const { email } = parseInput(emailOnlyInput, input);
  unwrap(
    await client.auth.updateUser(
      { email },
      { emailRedirectTo: new URL(PATHS.authConfirm, options.siteUrl).href },
    ),
  );
}
