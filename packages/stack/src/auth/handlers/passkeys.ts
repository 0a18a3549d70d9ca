/**
 * @module auth/handlers/passkeys — the passkey routes when `[auth.passkey] enabled`: the two ceremonies,
 * a user's own list / rename / delete (`/passkeys[/:id]`) and the admin list / delete
 * (`/admin/users/:id/passkeys[/:id]`), with GoTrue's shapes, 404s and 204s.
 */
import { adminActor, audit } from '../audit.ts';
import { requireAdmin, requireUser } from '../authenticate.ts';
import { notFound, validation } from '../errors.ts';
import { json, readBody, str } from '../http.ts';
import type { Call } from '../state.ts';
import { ownedPasskey, passkeyJson, passkeysOf } from '../webauthn.ts';
import { loadTarget } from './admin-users.ts';
import { authenticationOptions, authenticationVerify } from './passkey-authentication.ts';
import {
  registrationOptions,
  registrationVerify,
  requirePasskeyManagementAal,
} from './passkey-registration.ts';

const CEREMONIES: Record<string, (call: Call) => Promise<Response>> = {
  'POST /passkeys/registration/options': registrationOptions,
  'POST /passkeys/registration/verify': registrationVerify,
  'POST /passkeys/authentication/options': authenticationOptions,
  'POST /passkeys/authentication/verify': authenticationVerify,
};

const noContent = () => new Response(null, { status: 204 });

async function own(call: Call, passkeyId: string | null): Promise<Response> {
  const caller = await requireUser(call);
  const db = call.service.db;
  const method = call.request.method;
  if (passkeyId === null) {
    if (method === 'GET') return json(200, (await passkeysOf(db, caller.user.id)).map(passkeyJson));
    throw notFound('unknown', 'Not Found');
  }
  if (method === 'PATCH') {
    const name = str((await readBody(call.request)).friendly_name);
    if (!name) throw validation('friendly_name is required');
    if (name.length > 120) throw validation('friendly_name must be 120 characters or less');
    const passkey = await ownedPasskey(db, caller.user.id, passkeyId);
    const updated = await db.begin(async (tx) => {
      const [row] = await tx<(typeof passkey)[]>`
        update auth.webauthn_credentials set friendly_name = ${name}, updated_at = now()
        where id = ${passkey.id} returning *`;
      await audit(tx, caller.user, 'passkey_updated', { passkey_id: passkey.id });
      return row ?? passkey;
    });
    return json(200, passkeyJson(updated));
  }
  if (method === 'DELETE') {
    await requirePasskeyManagementAal(db, caller);
    const passkey = await ownedPasskey(db, caller.user.id, passkeyId);
    await db.begin(async (tx) => {
      await tx`delete from auth.webauthn_credentials where id = ${passkey.id}`;
      await audit(tx, caller.user, 'passkey_deleted', { passkey_id: passkey.id });
    });
    return noContent();
  }
  throw notFound('unknown', 'Not Found');
}

async function ofUser(call: Call, userId: string, passkeyId: string | null): Promise<Response> {
  const actor = adminActor(String(requireAdmin(call).role));
  const user = await loadTarget(call, userId);
  const db = call.service.db;
  const method = call.request.method;
  if (passkeyId === null && method === 'GET')
    return json(200, (await passkeysOf(db, user.id)).map(passkeyJson));
  if (passkeyId !== null && method === 'DELETE') {
    const passkey = await ownedPasskey(db, user.id, passkeyId);
    await db.begin(async (tx) => {
      await tx`delete from auth.webauthn_credentials where id = ${passkey.id}`;
      await audit(tx, actor, 'passkey_deleted', { user_id: user.id, passkey_id: passkey.id });
    });
    return noContent();
  }
  throw notFound('unknown', 'Not Found');
}

/** Answers a passkey route, or null when the path is not one. */
export async function passkeyRoute(call: Call): Promise<Response | null> {
  const ceremony = CEREMONIES[`${call.request.method} ${call.path}`];
  if (ceremony) return ceremony(call);
  const mine = /^\/passkeys(?:\/([^/]+))?$/.exec(call.path);
  if (mine && !['registration', 'authentication'].includes(mine[1] ?? '')) return own(call, mine[1] ?? null);
  const admin = /^\/admin\/users\/([^/]+)\/passkeys(?:\/([^/]+))?$/.exec(call.path);
  if (admin) return ofUser(call, admin[1]!, admin[2] ?? null);
  return null;
}
