/** @module account/request-password-reset — emails a recovery link that signs in and leads to a new password. */
import { PATHS } from '@lanes/shared/constants';
import { emailOnlyInput } from '@lanes/shared/schemas/auth';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { emailOnlyInput as requestPasswordResetInput };

export type RequestPasswordResetResult = undefined;

export async function requestPasswordReset(
  client: LanesClient,
  input: unknown,
  options: { siteUrl: string },
): Promise<RequestPasswordResetResult> {
  const { email } = parseInput(emailOnlyInput, input);
  unwrap(
    await client.auth.resetPasswordForEmail(email, {
      redirectTo: new URL(PATHS.authConfirm, options.siteUrl).href,
    }),
  );
}
