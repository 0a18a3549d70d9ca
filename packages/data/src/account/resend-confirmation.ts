/** @module account/resend-confirmation — sends the sign-up confirmation email again (after EMAIL_NOT_CONFIRMED). */
import { PATHS } from '@lanes/shared/constants';
import { emailOnlyInput } from '@lanes/shared/schemas/auth';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { emailOnlyInput as resendConfirmationInput };
export type ResendConfirmationResult = undefined;

/** RATE_LIMITED when asked again within the Auth server's email frequency window. */
export async function resendConfirmation(
  client: LanesClient,
  input: z.input<typeof emailOnlyInput>,
  options: { siteUrl: string },
): Promise<ResendConfirmationResult> {
  const { email } = parseInput(emailOnlyInput, input);
  unwrap(
    await client.auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: new URL(PATHS.authConfirm, options.siteUrl).href },
    }),
  );
}
