/** @module tests/storage-helpers — clients and tokens for the storage suites (users get HS256 tokens). */
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { stackEnv } from '../src/testing.ts';
import { signHs256 } from './helpers/jwt.ts';

export const env = stackEnv();

/** An HS256 JWT signed with the stack's secret. */
export function signJwt(claims: Record<string, unknown>, secret = env.jwtSecret): string {
  return signHs256(claims, secret);
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

/** The stack's storage folder: `<dataDir>/storage`, found from the cluster's data directory `<dataDir>/db`. */
export async function storageRoot(sql: postgres.Sql): Promise<string> {
  const [row] = await sql<{ dir: string }[]>`select current_setting('data_directory') as dir`;
  return join(dirname(row!.dir), 'storage');
}

/** Every file below `dir`, recursively (empty when it does not exist). */
export function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** Object versions that have bytes on disk vs. versions that rows point at. */
export async function diskAndRows(
  sql: postgres.Sql,
): Promise<{ disk: string[]; rows: string[]; tmp: string[] }> {
  const root = await storageRoot(sql);
  const disk = filesBelow(join(root, 'objects'))
    .map((f) => basename(f))
    .sort();
  const rows = (
    await sql<{ version: string }[]>`select version from storage.objects where version is not null`
  )
    .map((r) => r.version)
    .sort();
  return { disk, rows, tmp: filesBelow(join(root, 'tmp')) };
}

/** Gives `owner` a folder in private-docs (a.txt, b.txt, sub/c.txt, sub/deeper/d.txt) and a public file. */
export async function seedFolder(owner: TestUser): Promise<void> {
  const files = [
    ['a.txt', 'alpha'],
    ['b.txt', 'bravo'],
    ['sub/c.txt', 'charlie'],
    ['sub/deeper/d.txt', 'delta'],
  ] as const;
  for (const [name, body] of files) {
    const { error } = await owner.client.storage
      .from('private-docs')
      .upload(`${owner.id}/${name}`, new Blob([body], { type: 'text/plain' }));
    if (error) throw error;
  }
  await service()
    .storage.from('public-assets')
    .upload('shared/hello.txt', new Blob(['hello public'], { type: 'text/plain' }), { upsert: true });
}
