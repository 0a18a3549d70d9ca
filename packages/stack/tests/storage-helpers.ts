/** @module tests/storage-helpers — clients and tokens for the storage suites (users get HS256 tokens). */
import { createHmac, randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { stackEnv } from '../src/testing.ts';

export const env = stackEnv();

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** An HS256 JWT signed with the stack's secret. */
export function signJwt(claims: Record<string, unknown>, secret = env.jwtSecret): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

export interface TestUser {
  id: string;
  token: string;
  client: SupabaseClient;
}

/** A user access token as GoTrue would mint it (claims sub/role/aud/exp), and a client carrying it. */
export function user(id = randomUUID()): TestUser {
  const token = signJwt({
    sub: id,
    role: 'authenticated',
    aud: 'authenticated',
    exp: Math.floor(Date.now() / 1000) + 3600,
  });
  return { id, token, client: clientWith(token) };
}

export function clientWith(token: string): SupabaseClient {
  return createClient(env.apiUrl, env.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

export const anon = () =>
  createClient(env.apiUrl, env.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

export const service = () =>
  createClient(env.apiUrl, env.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });

/** A superuser connection for checking what the API left in the database. */
export const db = () => postgres(env.dbUrl, { max: 1, onnotice: () => {} });

export const storageUrl = `${env.apiUrl}/storage/v1`;

/** Raw fetch against /storage/v1 with a bearer token. */
export function call(
  path: string,
  init: RequestInit & { token?: string; apikey?: boolean } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.apikey !== false) headers.set('apikey', env.anonKey);
  if (init.token !== undefined) headers.set('authorization', `Bearer ${init.token}`);
  return fetch(`${storageUrl}${path}`, { ...init, headers });
}

/** A unique name, so suites never collide on shared buckets. */
export const unique = (prefix = 'f') => `${prefix}-${randomUUID().slice(0, 8)}`;
