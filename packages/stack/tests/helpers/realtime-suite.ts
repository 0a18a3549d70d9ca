/**
 * @module tests/helpers/realtime-suite — the setup realtime-changes and realtime-channels share: the
 * shared stack's env, a database connection, two users (alice, bob) inserted before the file's tests,
 * and supabase-js clients whose channels are removed (and the connection closed) after them.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import postgres from 'postgres';
import { afterAll, beforeAll } from 'vitest';
import { stackEnv } from '../../src/testing.ts';
import { insertUser, newUser, realtimeClient } from '../realtime-helpers.ts';

/** Call once at the top of a test file: registers the file's beforeAll/afterAll. */
export function realtimeSuite() {
  const env = stackEnv();
  const sql = postgres(env.dbUrl, { max: 2, onnotice: () => {} });
  const clients: SupabaseClient[] = [];
  // Ids and tokens are made now; the rows go in before the tests run.
  const alice = newUser(env.jwtSecret);
  const bob = newUser(env.jwtSecret);

  /** A Realtime client as `token` (anon when none), cleaned up after the file. */
  async function client(token?: string, vsn: '1.0.0' | '2.0.0' = '2.0.0') {
    const c = await realtimeClient(env.apiUrl, env.anonKey, { token, vsn });
    clients.push(c);
    return c;
  }

  beforeAll(async () => {
    await insertUser(sql, alice);
    await insertUser(sql, bob);
  });

  afterAll(async () => {
    for (const c of clients) await c.removeAllChannels();
    await sql.end();
  });

  return { env, sql, clients, alice, bob, client };
}
