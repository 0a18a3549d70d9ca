/** Clients and raw requests for the REST contract tests (tests/rest-*.test.ts). */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { stackEnv } from '../src/testing.ts';
import { signHs256 } from './helpers/jwt.ts';

export const env = stackEnv();
export const ALICE = '11111111-1111-1111-1111-111111111111';
export const BOB = '22222222-2222-2222-2222-222222222222';

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** An HS256 token signed with the stack's secret (what GoTrue issues with the legacy secret). */
export function signToken(claims: Record<string, unknown>, secret = env.jwtSecret): string {
  return signHs256(claims, secret);
}

export function userToken(sub: string, extra: Record<string, unknown> = {}): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return signToken({ sub, role: 'authenticated', aud: 'authenticated', exp, ...extra });
}

export const anon = (): SupabaseClient => createClient(env.apiUrl, env.anonKey, options);
export const service = (): SupabaseClient => createClient(env.apiUrl, env.serviceRoleKey, options);
export const asUser = (sub: string): SupabaseClient =>
  createClient(env.apiUrl, env.anonKey, {
    ...options,
    global: { headers: { Authorization: `Bearer ${userToken(sub)}` } },
  });

/** A raw request to `/rest/v1<path>` with the anon apikey unless headers say otherwise. */
export async function rest(
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Headers; text: string; json: () => unknown }> {
  const res = await fetch(`${env.apiUrl}/rest/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { apikey: env.anonKey, ...init.headers },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}
