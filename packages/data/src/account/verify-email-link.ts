/** @module account/verify-email-link — exchanges an emailed `token_hash` for a session (on the server). */
import { verifyTokenHashInput } from '@lanes/shared/schemas/auth';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { verifyTokenHashInput };

export interface VerifyEmailLinkResult {
  userId: string;
  type: string;
}

/** Used by `/auth/confirm?token_hash=…&type=…` for sign-up confirmation, magic link, recovery and invites. */
export async function verifyEmailLink(
  client: LanesClient,
  input: z.input<typeof verifyTokenHashInput>,
): Promise<VerifyEmailLinkResult> {
  const { tokenHash, type } = parseInput(verifyTokenHashInput, input);
  const { user } = unwrap(await client.auth.verifyOtp({ token_hash: tokenHash, type }));
  return { userId: user?.id ?? '', type };
}
