/** @module account/get-current-user — the signed-in user as the Auth server sees them (null when signed out). */
import type { LanesClient } from '../client.ts';
import { toLanesError } from '../errors/to-lanes-error.ts';

export const getCurrentUserInput = undefined;

export interface CurrentUser {
  id: string;
  email: string;
  emailConfirmed: boolean;
  displayName: string | null;
}

/** Asks the Auth server (not the local copy), so a revoked session is noticed: use it on every server request. */
export async function getCurrentUser(client: LanesClient): Promise<CurrentUser | null> {
  const { data, error } = await client.auth.getUser();
  if (error) {
    const mapped = toLanesError(error);
    if (mapped.code === 'SESSION_EXPIRED') return null;
    throw mapped;
  }
  const user = data.user;
  const displayName = user.user_metadata?.display_name;
  return {
    id: user.id,
    email: user.email ?? '',
    emailConfirmed: Boolean(user.email_confirmed_at),
    displayName: typeof displayName === 'string' ? displayName : null,
  };
}
