/** @module account/sign-in-with-password — password sign-in; the session is kept by the client. */
import { signInInput } from '@lanes/shared/schemas/auth';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { signInInput };

export interface SignInResult {
  userId: string;
  email: string;
}

export async function signInWithPassword(
  client: LanesClient,
  input: z.input<typeof signInInput>,
): Promise<SignInResult> {
  const credentials = parseInput(signInInput, input);
  const { user } = unwrap(await client.auth.signInWithPassword(credentials));
  return { userId: user.id, email: user.email ?? credentials.email };
}
