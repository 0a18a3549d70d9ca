/**
 * @module auth/handlers/admin-factors — `/admin/users/:id/factors[/:factor_id]`: list a user's MFA factors,
 * delete or rename one, as GoTrue's admin API does.
 */
import { adminActor, audit } from '../audit.ts';
import { requireAdmin } from '../authenticate.ts';
import { notFound } from '../errors.ts';
import { factorJson, factorRowsOf } from '../factors.ts';
import { json, readBody, str } from '../http.ts';
import type { Call } from '../state.ts';
import { loadTarget } from './admin-users.ts';
import { loadFactor } from './mfa.ts';

export async function adminFactors(call: Call, userId: string, factorId: string | null): Promise<Response> {
  const actor = adminActor(String(requireAdmin(call).role));
  const user = await loadTarget(call, userId);
  const db = call.service.db;
  const method = call.request.method;
  if (factorId === null) {
    if (method === 'GET') return json(200, (await factorRowsOf(db, user.id)).map(factorJson));
    throw notFound('unknown', 'Not Found');
  }
  const factor = await loadFactor(call, user.id, factorId);
  if (method === 'DELETE') {
    await db.begin(async (tx) => {
      await tx`delete from auth.mfa_factors where id = ${factor.id}`;
      await audit(tx, actor, 'factor_deleted', { user_id: user.id, factor_id: factor.id });
      await tx`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = ${factor.id}`;
    });
    return json(200, factorJson(factor));
  }
  if (method === 'PUT') {
    const body = await readBody(call.request);
    const name = str(body.friendly_name);
    const [row] = await db<(typeof factor)[]>`
      update auth.mfa_factors set friendly_name = ${name || factor.friendly_name}, updated_at = now()
      where id = ${factor.id} returning *`;
    return json(200, factorJson(row ?? factor));
  }
  throw notFound('unknown', 'Not Found');
}
