/**
 * A project with its own signing keys (`[auth] signing_keys_path`, as `supabase gen signing-key` writes
 * them): sessions are signed with the key marked `sign`, every key is published and verifies, the API keys
 * are derived from the signing key as the CLI derives them, and REST, Storage and Functions' gateway
 * check accept tokens so signed.
 */
import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from '../src/index.ts';
import { decodeJwt } from './auth-helpers.ts';
import { newSigningJwk, signWithJwk } from './helpers/jwt.ts';
import { makeProject, type Project, startProject } from './helpers/project.ts';

const signing = newSigningJwk('RS256');
// A key being rotated in: it verifies but never signs.
const standby = newSigningJwk('ES256', ['verify']);
const config = `
[auth]
signing_keys_path = "./signing_keys.json"
`;
const migration = `create function public.whoami() returns text language sql stable
  as $$ select coalesce(auth.jwt() ->> 'role', '') || ':' || coalesce(auth.jwt() ->> 'sub', '') $$;
grant execute on function public.whoami() to anon, authenticated, service_role;`;

let project: Project;
beforeAll(async () => {
  project = await startProject(config, {
    'signing_keys.json': JSON.stringify([standby, signing]),
    'migrations/20260101000000_whoami.sql': migration,
  });
}, 120_000);
afterAll(() => project?.stop());

const options = { auth: { persistSession: false, autoRefreshToken: false } };
/** Verifies a token against the JWKS the stack publishes, as a relying party would. */
async function verifiedByJwks(token: string): Promise<boolean> {
  const { keys } = (await (await fetch(`${project.stack.apiUrl}/auth/v1/.well-known/jwks.json`)).json()) as {
    keys: (JsonWebKey & { kid: string })[];
  };
  const { header } = decodeJwt(token);
  const jwk = keys.find((k) => k.kid === header.kid);
  if (!jwk) return false;
  const [h, p, s] = token.split('.') as [string, string, string];
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  return verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
}

describe('a project with signing keys', () => {
  it('publishes every key, public parts only, at the JWKS endpoint', async () => {
    const res = await fetch(`${project.stack.apiUrl}/auth/v1/.well-known/jwks.json`);
    const { keys } = (await res.json()) as { keys: Record<string, unknown>[] };
    expect(keys.map((k) => [k.kid, k.alg, k.kty])).toEqual([
      [signing.kid, 'RS256', 'RSA'],
      [standby.kid, 'ES256', 'EC'],
    ]);
    for (const key of keys) {
      expect(key).not.toHaveProperty('d');
      expect(key).not.toHaveProperty('p');
    }
  });

  it('derives the anon and service_role keys from the signing key, as `supabase status` prints them', async () => {
    for (const [key, role] of [
      [project.stack.anonKey, 'anon'],
      [project.stack.serviceRoleKey, 'service_role'],
    ] as const) {
      const { header, claims } = decodeJwt(key);
      expect(header).toEqual({ alg: 'RS256', kid: signing.kid, typ: 'JWT' });
      expect(claims).toMatchObject({ iss: 'supabase-demo', role });
      // Ten years, as the CLI's.
      expect(claims.exp).toBeGreaterThan(Date.now() / 1000 + 9 * 365 * 24 * 3600);
      expect(await verifiedByJwks(key)).toBe(true);
    }
    expect(project.stack.publishableKey).toMatch(/^sb_publishable_/);
    expect(project.stack.secretKey).toMatch(/^sb_secret_/);
  });

  it('signs sessions with the signing key and its kid', async () => {
    const supabase = createClient(project.stack.apiUrl, project.stack.anonKey, options);
    const { data, error } = await supabase.auth.signUp({
      email: 'rs@example.test',
      password: 'password-123',
    });
    expect(error).toBeNull();
    const token = data.session!.access_token;
    expect(decodeJwt(token).header).toEqual({ alg: 'RS256', kid: signing.kid, typ: 'JWT' });
    expect(await verifiedByJwks(token)).toBe(true);
    const { data: user } = await supabase.auth.getUser(token);
    expect(user.user?.email).toBe('rs@example.test');
  });

  it('accepts keys the project mints itself with its signing key, as auth-js tests do', async () => {
    const anonKey = signWithJwk({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }, signing);
    const serviceKey = signWithJwk({ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }, signing);
    // The CLI's gateway has no key-auth: a project's own key goes through as the bearer.
    const open = await startProject(
      config,
      { 'signing_keys.json': JSON.stringify([signing]) },
      { requireApiKey: false },
    );
    try {
      const admin = createClient(open.stack.apiUrl, serviceKey, options);
      const { data, error } = await admin.auth.admin.createUser({
        email: 'minted@example.test',
        password: 'pw-123456',
        email_confirm: true,
      });
      expect(error).toBeNull();
      const client = createClient(open.stack.apiUrl, anonKey, options);
      const signedIn = await client.auth.signInWithPassword({
        email: 'minted@example.test',
        password: 'pw-123456',
      });
      expect(signedIn.data.user?.id).toBe(data.user!.id);
      // Behind the CLI's gateway an apikey alone is no bearer token for GoTrue.
      const bare = await fetch(`${open.stack.apiUrl}/auth/v1/user`, { headers: { apikey: anonKey } });
      expect(bare.status).toBe(401);
      expect(await bare.json()).toMatchObject({ error_code: 'no_authorization' });
    } finally {
      await open.stop();
    }
  }, 120_000);

  it('verifies tokens of a verify-only key, and refuses tokens of an unknown key', async () => {
    const admin = (token: string) =>
      fetch(`${project.stack.apiUrl}/auth/v1/admin/users`, {
        headers: { apikey: project.stack.anonKey, authorization: `Bearer ${token}` },
      });
    const byStandby = signWithJwk({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 }, standby);
    expect((await admin(byStandby)).status).toBe(200);
    const stranger = newSigningJwk('RS256');
    const byStranger = signWithJwk(
      { role: 'service_role', exp: Math.floor(Date.now() / 1000) + 60 },
      stranger,
    );
    const refused = await admin(byStranger);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error_code: 'bad_jwt' });
  });

  it('lets REST and Storage verify the tokens, and the gateway map the opaque keys to the derived JWTs', async () => {
    const supabase = createClient(project.stack.apiUrl, project.stack.anonKey, options);
    const { data } = await supabase.auth.signInWithPassword({
      email: 'rs@example.test',
      password: 'password-123',
    });
    const user = createClient(project.stack.apiUrl, project.stack.anonKey, {
      ...options,
      global: { headers: { authorization: `Bearer ${data.session!.access_token}` } },
    });
    expect((await user.rpc('whoami')).data).toBe(`authenticated:${data.user!.id}`);
    const viaSecret = createClient(project.stack.apiUrl, project.stack.secretKey, options);
    expect((await viaSecret.rpc('whoami')).data).toBe('service_role:');
    const viaPublishable = createClient(project.stack.apiUrl, project.stack.publishableKey, options);
    expect((await viaPublishable.rpc('whoami')).data).toBe('anon:');
    const buckets = await user.storage.listBuckets();
    expect(buckets.error).toBeNull();
  });

  it('keeps hosted key-auth: an apikey the stack did not hand out is refused', async () => {
    const minted = signWithJwk(
      { iss: 'supabase-demo', role: 'anon', exp: 1983812996 },
      newSigningJwk('RS256'),
    );
    const res = await fetch(`${project.stack.apiUrl}/rest/v1/rpc/whoami`, { headers: { apikey: minted } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid API key' });
  });
});

describe('a signing keys file the stack cannot use', () => {
  const refusal = async (keys: unknown) => {
    const workdir = makeProject(config, { 'signing_keys.json': JSON.stringify(keys) });
    return startStack({ workdir, ports: 'auto', dataDir: `${workdir}/.stack` }).then(
      () => 'started',
      (error: Error) => error.message,
    );
  };

  it('refuses to start, naming the problem, as GoTrue does', async () => {
    expect(await refusal([standby])).toMatch(/no signing key detected/);
    expect(await refusal([signing, newSigningJwk('ES256')])).toMatch(/multiple signing keys detected/);
    expect(await refusal([{ ...signing, alg: 'HS512' }])).toMatch(/unsupported algorithm HS512/);
    expect(await refusal({})).toMatch(/non-empty JSON array/);
  });
});
