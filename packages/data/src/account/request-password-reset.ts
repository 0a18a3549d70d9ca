/** @module account/request-password-reset — emails a recovery link that signs in and leads to a new password. */
import { PATHS } from '@lanes/shared/constants';
import { emailOnlyInput } from '@lanes/shared/schemas/auth';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';
import { quietEmailLimit } from '../internal/quiet-email-limit.ts';

export { emailOnlyInput as requestPasswordResetInput };

export type RequestPasswordResetResult = undefined;

/**
 * Answers the same for an address with or without an account: Auth's per-address email refusal, which only an
 * account can earn, resolves as sent (internal/quiet-email-limit.ts); the web app limits requests itself.
 */
export async function requestPasswordReset(
  client: LanesClient,
  input: z.input<typeof emailOnlyInput>,
  options: { siteUrl: string },
): Promise<RequestPasswordResetResult> {
  const { email } = parseInput(emailOnlyInput, input);
  await quietEmailLimit(async () => {
    unwrap(
      await client.auth.resetPasswordForEmail(email, {
        redirectTo: new URL(PATHS.authConfirm, options.siteUrl).href,
      }),
    );
  });
}
