/**
 * @module features/auth/resend-confirmation.server — sends the sign-up confirmation email again. The data
 * package has no operation for it yet; this adapter keeps the same shape (schema in, catalogue error out).
 */
import type { LanesClient } from '@lanes/data/client';
import { toLanesError } from '@lanes/data/errors';
import { PATHS } from '@lanes/shared/constants';
import { validationError } from '@lanes/shared/errors';
import { emailOnlyInput } from '@lanes/shared/schemas/auth';

export async function resendConfirmation(
  client: LanesClient,
  input: unknown,
  options: { siteUrl: string },
): Promise<void> {
  const parsed = emailOnlyInput.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error.issues);
  const { error } = await client.auth.resend({
    type: 'signup',
    email: parsed.data.email,
    options: { emailRedirectTo: new URL(PATHS.authConfirm, options.siteUrl).href },
  });
  if (error) throw toLanesError(error);
}
