/** @module account/sign-up — creates an account; the confirmation link leads to `/auth/confirm`. */
import { PATHS } from '@lanes/shared/constants';
import { LanesError } from '@lanes/shared/errors';
import { signUpInput } from '@lanes/shared/schemas/auth';
import { timeZone as timeZoneSchema } from '@lanes/shared/schemas/notification';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { signUpInput };

export interface SignUpResult {
  userId: string;
  /** True while the email is unconfirmed (the default): show "check your inbox". */
  needsConfirmation: boolean;
}

/**
 * `timeZone` is the browser's (Intl), for the digest and reminders at 08:00 local time: sent in the user
 * metadata when it is a zone this runtime knows, and taken by the new profile when Postgres knows it too
 * (otherwise UTC); a bad one never stops a sign-up.
 * @example await signUp(client, { email, password, displayName }, { siteUrl: 'http://localhost:5173' })
 */
export async function signUp(
  client: LanesClient,
  input: z.input<typeof signUpInput>,
  options: { siteUrl: string; timeZone?: string },
): Promise<SignUpResult> {
  const { email, password, displayName } = parseInput(signUpInput, input);
  const zone = timeZoneSchema.safeParse(options.timeZone ?? '');
  const data = unwrap(
    await client.auth.signUp({
      email,
      password,
      options: {
        data: { display_name: displayName, ...(zone.success ? { time_zone: zone.data } : {}) },
        emailRedirectTo: new URL(PATHS.authConfirm, options.siteUrl).href,
      },
    }),
  );
  const user = data.user;
  // With confirmations on, GoTrue answers a registered address with a look-alike user without identities
  // (so addresses cannot be probed); the form still deserves the USER_EXISTS hint.
  if (!user || user.identities?.length === 0) throw new LanesError('USER_EXISTS', { field: 'email' });
  return { userId: user.id, needsConfirmation: data.session === null };
}
