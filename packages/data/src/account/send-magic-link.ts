/** @module account/send-magic-link — emails a one-time sign-in link to an existing account. */
import { PATHS } from '@lanes/shared/constants';
import { LanesError } from '@lanes/shared/errors';
import { emailOnlyInput } from '@lanes/shared/schemas/auth';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';
import { quietEmailLimit } from '../internal/quiet-email-limit.ts';

export { emailOnlyInput as sendMagicLinkInput };

export type SendMagicLinkResult = undefined;

/**
 * Sign-in only: `shouldCreateUser: false`, so a typo cannot create an account without a display name. An address
 * without an account answers exactly as a known one (GoTrue's `otp_disabled`, mapped to NOT_FOUND, is swallowed),
 * so the form cannot be used to find out who has an account; so does Auth's per-address email refusal, which only
 * a known address can earn (internal/quiet-email-limit.ts).
 */
export async function sendMagicLink(
  client: LanesClient,
  input: z.input<typeof emailOnlyInput>,
  options: { siteUrl: string },
): Promise<SendMagicLinkResult> {
  const { email } = parseInput(emailOnlyInput, input);
  const result = await client.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: new URL(PATHS.authConfirm, options.siteUrl).href },
  });
  try {
    await quietEmailLimit(async () => {
      unwrap(result);
    });
  } catch (error) {
    if (error instanceof LanesError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}
