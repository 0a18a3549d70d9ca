/** @module support/outcome — run one action per role and report "allowed" or "refused" for the role matrix. */
import { asUser, type CastRole, cast, type Tx, type User } from './db.ts';

export type Outcome = 'allowed' | 'refused';

/** SQLSTATEs and catalogue codes that mean "the database said no" (anything else fails the test). */
const refusals = new Set(['42501', 'FORBIDDEN', 'NOT_FOUND', 'LAST_OWNER']);

/**
 * Runs `action` as each member of the cast, each in its own rolled-back transaction. An action
 * returns the rows it read or changed: none, an RLS error or a FORBIDDEN/NOT_FOUND raise is a
 * refusal; any other error is rethrown.
 */
export async function outcomes(action: (tx: Tx, user: User) => Promise<readonly unknown[]>) {
  const result = {} as Record<CastRole, Outcome>;
  for (const [role, user] of Object.entries(cast) as [CastRole, User][]) {
    result[role] = await asUser(user, async (tx) => {
      try {
        const rows = await tx.savepoint((sp) => action(sp, user));
        return rows.length > 0 ? 'allowed' : 'refused';
      } catch (error) {
        const e = error as { code?: string; message?: string };
        if (refusals.has(e.code ?? '') || refusals.has(e.message ?? '')) return 'refused';
        throw error;
      }
    });
  }
  return result;
}

/** The expected outcomes from the roles allowed. */
export function only(...allowed: CastRole[]): Record<CastRole, Outcome> {
  const roles: CastRole[] = ['owner', 'admin', 'member', 'viewer', 'outsider'];
  return Object.fromEntries(roles.map((r) => [r, allowed.includes(r) ? 'allowed' : 'refused'])) as Record<
    CastRole,
    Outcome
  >;
}
