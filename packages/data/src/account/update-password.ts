/**
 * @module account/update-password — sets a new password for the signed-in user (also after recovery), with the
 * emailed reauthentication code as `nonce` when Auth asks for one.
 */
import { LanesError } from '@lanes/shared/errors';
import { updatePasswordInput } from '@lanes/shared/schemas/auth';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { updatePasswordInput };

const input = updatePasswordInput.extend({ nonce: z.string().trim().optional() });

export type UpdatePasswordResult = undefined;

/**
 * With `secure_password_change` and a session older than a day, Auth answers `reauthentication_needed`: that is
 * VALIDATION on `nonce` with `details.reauthenticate`, so the caller asks for the code
 * (`requestReauthentication`) and the person sends the form again with it.
 */
export async function updatePassword(client: LanesClient, raw: unknown): Promise<UpdatePasswordResult> {
  const { password, nonce } = parseInput(input, raw);
  const result = await client.auth.updateUser(nonce ? { password, nonce } : { password });
  if (result.error?.code === 'reauthentication_needed') {
    throw new LanesError('VALIDATION', {
      field: 'nonce',
      message: 'We emailed you a confirmation code: enter it to change your password.',
      details: { reauthenticate: true },
    });
  }
  unwrap(result);
}
