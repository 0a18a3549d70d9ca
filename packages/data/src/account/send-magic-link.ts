/** @module account/send-magic-link — emails a one-time sign-in link to an existing account. */
import { PATHS } from '@lanes/shared/constants';
import { emailOnlyInput } from '@lanes/shared/schemas/auth';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { emailOnlyInput as sendMagicLinkInput };

export type SendMagicLinkResult = undefined;

/** Sign-in only: `shouldCreateUser: false`, so a typo cannot create an account without a display name. */
export async function sendMagicLink(
  client: LanesClient,
  input: unknown,
  options: { siteUrl: string },
): Promise<SendMagicLinkResult> {
  const { email } = parseInput(emailOnlyInput, input);
  unwrap(
    await client.auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: new URL(PATHS.authConfirm, options.siteUrl).href },
    }),
  );
}
