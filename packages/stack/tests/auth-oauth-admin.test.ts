/**
 * The OAuth 2.1 server's client registry on a project that turns it on (`[auth.oauth_server] enabled`,
 * with dynamic registration): the admin API through supabase-js (create, get, list, update, regenerate the
 * secret, delete), dynamic registration, and GoTrue's refusals — bad redirect URIs or grant types, unknown
 * clients, a caller who is no admin — which change nothing. The authorization flow stays off.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Project, startProject } from './helpers/project.ts';

const config = `
[auth.oauth_server]
enabled = true
authorization_url_path = "/oauth/consent"
allow_dynamic_registration = true
`;

let project: Project;
let sql: postgres.Sql;
beforeAll(async () => {
  project = await startProject(config);
  sql = postgres(project.stack.dbUrl, { max: 1, onnotice: () => {} });
}, 120_000);
afterAll(async () => {
  await sql?.end();
  await project?.stop();
});

const client = (key: string): SupabaseClient =>
  createClient(project.stack.apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });
const admin = () => client(project.stack.serviceRoleKey).auth.admin.oauth;
const rows = async () => (await sql`select count(*)::int as n from auth.oauth_clients`)[0]!.n as number;

async function raw(path: string, init: RequestInit = {}, key = project.stack.anonKey) {
  const res = await fetch(`${project.stack.apiUrl}/auth/v1${path}`, {
    ...init,
    headers: { apikey: key, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

describe('OAuth client registry', () => {
  it('creates, reads, updates, regenerates and deletes a client', async () => {
    const { data: created, error } = await admin().createClient({
      client_name: 'Board exporter',
      redirect_uris: ['https://example.com/callback', 'http://localhost:3000/cb'],
    });
    expect(error).toBeNull();
    expect(created).toMatchObject({
      client_type: 'confidential',
      token_endpoint_auth_method: 'client_secret_basic',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      registration_type: 'manual',
      redirect_uris: ['https://example.com/callback', 'http://localhost:3000/cb'],
    });
    const id = created!.client_id;
    const secret = created!.client_secret!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only a hash is kept.
    const [stored] = await sql`select client_secret_hash from auth.oauth_clients where id = ${id}`;
    expect(stored!.client_secret_hash).not.toContain(secret);

    const { data: read } = await admin().getClient(id);
    expect(read).toMatchObject({ client_id: id, client_name: 'Board exporter' });
    expect(read).not.toHaveProperty('client_secret');

    const { data: updated } = await admin().updateClient(id, { logo_uri: 'https://example.com/logo.png' });
    expect(updated).toMatchObject({
      client_name: 'Board exporter',
      logo_uri: 'https://example.com/logo.png',
    });

    const { data: listed } = await admin().listClients();
    expect(listed.clients.map((c) => c.client_id)).toContain(id);

    const { data: regenerated } = await admin().regenerateClientSecret(id);
    expect(regenerated!.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(regenerated!.client_secret).not.toBe(secret);

    expect((await admin().deleteClient(id)).error).toBeNull();
    const gone = await admin().getClient(id);
    expect(gone.error).toMatchObject({ status: 404, code: 'oauth_client_not_found' });
    expect((await admin().listClients()).data.clients?.map((c) => c.client_id) ?? []).not.toContain(id);
  });

  it('makes a public client without a secret when asked for auth method none', async () => {
    const { data } = await admin().createClient({
      client_name: 'CLI',
      redirect_uris: ['http://127.0.0.1:8765/callback'],
      token_endpoint_auth_method: 'none',
    });
    expect(data).toMatchObject({ client_type: 'public', token_endpoint_auth_method: 'none' });
    expect(data).not.toHaveProperty('client_secret');
    const refused = await admin().regenerateClientSecret(data!.client_id);
    expect(refused.error).toMatchObject({
      status: 400,
      message: 'Cannot regenerate secret for public client',
    });
  });

  it('refuses bad fields and changes nothing', async () => {
    const before = await rows();
    const cases: [Record<string, unknown>, string][] = [
      [{ redirect_uris: [] }, 'redirect_uris is required'],
      [{ redirect_uris: ['http://example.com/cb'] }, 'HTTP scheme only allowed for localhost'],
      [{ redirect_uris: ['https://example.com/cb#x'] }, 'fragment not allowed in redirect URI'],
      [{ redirect_uris: ['javascript://x/alert'] }, "scheme 'javascript' is not allowed"],
      [{ redirect_uris: ['https://a.test/cb'], grant_types: ['password'] }, 'grant_types must only contain'],
      [
        {
          redirect_uris: ['https://a.test/cb'],
          client_type: 'public',
          token_endpoint_auth_method: 'client_secret_post',
        },
        'is inconsistent with',
      ],
    ];
    for (const [params, message] of cases) {
      // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong input
      const { data, error } = await admin().createClient(params as any);
      expect(data).toBeNull();
      expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
      expect(error!.message).toContain(message);
    }
    expect(await rows()).toBe(before);

    const { data: made } = await admin().createClient({
      client_name: 'Kept',
      redirect_uris: ['https://a.test/cb'],
    });
    const empty = await admin().updateClient(made!.client_id, {});
    expect(empty.error).toMatchObject({ status: 400, message: 'No fields provided for update' });
    const badLogo = await admin().updateClient(made!.client_id, { logo_uri: 'not a url' });
    expect(badLogo.error).toMatchObject({ message: 'logo_uri must be a valid URL' });
    expect((await admin().getClient(made!.client_id)).data).not.toHaveProperty('logo_uri');

    const unknown = await admin().getClient('00000000-0000-0000-0000-000000000000');
    expect(unknown.error).toMatchObject({ status: 404, code: 'oauth_client_not_found' });
    const malformed = await admin().getClient('nope');
    expect(malformed.error).toMatchObject({ status: 400, message: 'invalid client_id format' });
  });

  it('answers only the admin', async () => {
    const before = await rows();
    const anon = client(project.stack.anonKey).auth.admin.oauth;
    expect((await anon.listClients()).error).toMatchObject({ status: 403, code: 'not_admin' });
    const made = await anon.createClient({ client_name: 'x', redirect_uris: ['https://a.test/cb'] });
    expect(made.error).toMatchObject({ status: 403, code: 'not_admin' });
    // A signed-in user's token is no admin either.
    const user = client(project.stack.anonKey);
    const { data } = await user.auth.signUp({
      email: `oauth-${crypto.randomUUID().slice(0, 8)}@example.test`,
      password: 'password-123',
    });
    const res = await raw('/admin/oauth/clients', {}, project.stack.anonKey);
    expect(res.status).toBe(403);
    const withUser = await fetch(`${project.stack.apiUrl}/auth/v1/admin/oauth/clients`, {
      headers: { apikey: project.stack.anonKey, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(withUser.status).toBe(403);
    expect(await rows()).toBe(before);
  });

  it('registers clients dynamically; the authorization flow stays off', async () => {
    const registered = await raw('/oauth/clients/register', {
      method: 'POST',
      body: JSON.stringify({ client_name: 'MCP tool', redirect_uris: ['https://tool.test/cb'] }),
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      registration_type: 'dynamic',
      client_secret: expect.any(String),
    });
    const authorize = await raw('/oauth/authorize?client_id=x');
    expect(authorize).toEqual({
      status: 404,
      body: { code: 'feature_disabled', message: 'OAuth server is disabled' },
    });
  });
});
