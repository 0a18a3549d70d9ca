/**
 * @module auth/audit — rows in auth.audit_log_entries as GoTrue writes them: who (`actor_*`), what
 * (`action`, `log_type`) and optional `traits`, in the same transaction as the change they record.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from './db.ts';
import type { UserRow } from './users.ts';

export type AuditAction =
  | 'login'
  | 'logout'
  | 'user_signedup'
  | 'user_invited'
  | 'user_deleted'
  | 'user_modified'
  | 'user_recovery_requested'
  | 'user_reauthenticate_requested'
  | 'user_confirmation_requested'
  | 'user_repeated_signup'
  | 'user_updated_password'
  | 'token_revoked'
  | 'token_refreshed'
  | 'factor_in_progress'
  | 'factor_unenrolled'
  | 'challenge_created'
  | 'verification_attempted'
  | 'factor_deleted'
  | 'passkey_created'
  | 'passkey_updated'
  | 'passkey_deleted';

const LOG_TYPE: Record<AuditAction, string> = {
  login: 'account',
  logout: 'account',
  user_signedup: 'team',
  user_invited: 'team',
  user_deleted: 'team',
  token_revoked: 'token',
  token_refreshed: 'token',
  user_modified: 'user',
  user_recovery_requested: 'user',
  user_reauthenticate_requested: 'user',
  user_confirmation_requested: 'user',
  user_repeated_signup: 'user',
  user_updated_password: 'user',
  factor_in_progress: 'factor',
  factor_unenrolled: 'factor',
  challenge_created: 'factor',
  verification_attempted: 'factor',
  factor_deleted: 'factor',
  passkey_created: 'user',
  passkey_updated: 'user',
  passkey_deleted: 'user',
};

/** The actor of admin-API actions: GoTrue records the token's role as a user with the nil id. */
export const adminActor = (role: string) =>
  ({ id: '00000000-0000-0000-0000-000000000000', email: role, phone: null, raw_user_meta_data: {} }) as const;

type Actor = Pick<UserRow, 'id' | 'email' | 'phone' | 'raw_user_meta_data'>;

export async function audit(
  db: Db,
  actor: Actor,
  action: AuditAction,
  traits?: Record<string, unknown>,
): Promise<void> {
  const payload: Record<string, unknown> = {
    actor_id: actor.id,
    actor_via_sso: false,
    actor_username: actor.phone || actor.email || '',
    action,
    log_type: LOG_TYPE[action],
  };
  const name = actor.raw_user_meta_data?.full_name;
  if (name !== undefined) payload.actor_name = name;
  if (traits) payload.traits = traits;
  await db`
    insert into auth.audit_log_entries (instance_id, id, payload, created_at, ip_address)
    values ('00000000-0000-0000-0000-000000000000', ${randomUUID()}, ${db.json(payload as never)}, now(), '')`;
}
