/** @module account/update-password — sets a new password for the signed-in user (also after recovery). */
import { updatePasswordInput } from '@lanes/shared/schemas/auth';
import type { LanesClient } from '../client.ts';
import { parseInput, unwrap } from '../internal/checks.ts';

export { updatePasswordInput };

export type UpdatePasswordResult = undefined;

export async function updatePassword(client: LanesClient, input: unknown): Promise<UpdatePasswordResult> {
  const { password } = parseInput(updatePasswordInput, input);
  unwrap(await client.auth.updateUser({ password }));
}
