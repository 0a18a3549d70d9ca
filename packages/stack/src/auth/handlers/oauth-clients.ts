/**
 * @module auth/handlers/oauth-clients — the OAuth 2.1 server's client registry when `[auth.oauth_server]
 * enabled`: the admin API (`/admin/oauth/clients[/:id[/regenerate_secret]]`) and dynamic registration
 * (`POST /oauth/clients/register`, when `allow_dynamic_registration`), as GoTrue answers them. Deleting
 * is GoTrue's soft delete (`deleted_at`); a deleted client is not found.
 */
import { requireAdmin } from '../authenticate.ts';
import { isUuid } from '../db.ts';
import { AuthError, badRequest, forbidden, notFound, validation } from '../errors.ts';
import { type Body, json, readBody } from '../http.ts';
import { clientJson, newSecret, type OAuthClientRow, registration, updates } from '../oauth-clients.ts';
import type { Call } from '../state.ts';

/** GoTrue decodes these bodies itself and says only "Invalid JSON body". */
async function body(call: Call): Promise<Body> {
  try {
    return await readBody(call.request);
  } catch (error) {
    if (error instanceof AuthError && error.code === 'bad_json')
      throw badRequest('bad_json', 'Invalid JSON body');
    throw error;
  }
}

async function register(call: Call, type: 'manual' | 'dynamic'): Promise<Response> {
  const c = registration(await body(call));
  const secret = c.clientType === 'confidential' ? newSecret() : null;
  const [row] = await call.service.db<OAuthClientRow[]>`
    insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type,
      token_endpoint_auth_method, redirect_uris, grant_types, client_name, client_uri, logo_uri)
    values (gen_random_uuid(), ${secret?.hash ?? null}, ${type}, ${c.clientType}, ${c.authMethod},
      ${c.redirectUris.join(',')}, ${c.grantTypes.join(',')}, ${c.clientName || null}, ${c.clientUri || null},
      ${c.logoUri || null})
    returning *`;
  return json(201, clientJson(row!, secret?.secret));
}

async function load(call: Call, id: string): Promise<OAuthClientRow> {
  if (!isUuid(id)) throw validation('invalid client_id format');
  const [row] = await call.service.db<OAuthClientRow[]>`
    select * from auth.oauth_clients where id = ${id} and deleted_at is null`;
  if (!row) throw notFound('oauth_client_not_found', 'OAuth client not found');
  return row;
}

async function one(call: Call, id: string, action: string | null): Promise<Response> {
  const db = call.service.db;
  const client = await load(call, id);
  const method = call.request.method;
  if (action === 'regenerate_secret') {
    if (method !== 'POST') throw notFound('unknown', 'Not Found');
    if (client.client_type !== 'confidential') throw validation('Cannot regenerate secret for public client');
    const { secret, hash } = newSecret();
    const [row] = await db<OAuthClientRow[]>`
      update auth.oauth_clients set client_secret_hash = ${hash}, updated_at = now()
      where id = ${client.id} returning *`;
    return json(200, clientJson(row!, secret));
  }
  if (method === 'GET') return json(200, clientJson(client));
  if (method === 'DELETE') {
    await db`update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = ${client.id}`;
    return new Response(null, { status: 204 });
  }
  if (method === 'PUT') {
    const set = updates(await body(call), client);
    if (Object.keys(set).length === 0) throw validation('No fields provided for update');
    const [row] = await db<OAuthClientRow[]>`
      update auth.oauth_clients set ${db(set)}, updated_at = now() where id = ${client.id} returning *`;
    return json(200, clientJson(row!));
  }
  throw notFound('unknown', 'Not Found');
}

/** Answers an OAuth client route, or null when the path is not one. */
export async function oauthClientRoute(call: Call): Promise<Response | null> {
  const method = call.request.method;
  if (call.path === '/oauth/clients/register' && method === 'POST') {
    if (!call.service.config.oauthServer.allowDynamicRegistration) {
      throw forbidden(
        'oauth_dynamic_client_registration_disabled',
        'Dynamic client registration is not enabled',
      );
    }
    return register(call, 'dynamic');
  }
  const admin = /^\/admin\/oauth\/clients(?:\/([^/]+)(?:\/([^/]+))?)?$/.exec(call.path);
  if (!admin) return null;
  requireAdmin(call);
  if (!admin[1]) {
    if (method === 'POST') return register(call, 'manual');
    if (method === 'GET') {
      const rows = await call.service.db<OAuthClientRow[]>`
        select * from auth.oauth_clients where deleted_at is null order by created_at desc`;
      // GoTrue's list field is `omitempty`: no clients answer `{}`.
      return json(200, rows.length ? { clients: rows.map((r) => clientJson(r)) } : {});
    }
    throw notFound('unknown', 'Not Found');
  }
  return one(call, admin[1], admin[2] ?? null);
}
