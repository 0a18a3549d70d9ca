/** @module internal/session — the signed-in user's id from the client's session (no network call). */
import { LanesError } from '@lanes/shared/errors';
import type { LanesClient } from '../client.ts';

export async function sessionUserId(client: LanesClient): Promise<string> {
  const { data } = await client.auth.getSession();
  const id = data.session?.user.id;
  if (!id) throw new LanesError('SESSION_EXPIRED');
  return id;
}
