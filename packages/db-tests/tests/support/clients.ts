/** @module support/clients — supabase-js clients signed in as the seeded cast, over the stack's API. */
import { stackEnv } from '@lanes/stack/testing';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { type CastRole, cast } from './db.ts';

export const env = stackEnv();

/** Signs each member of the cast in with the seed's password (`password123`). */
export async function signInCast(): Promise<Record<CastRole, SupabaseClient>> {
  const clients = {} as Record<CastRole, SupabaseClient>;
  for (const [role, user] of Object.entries(cast) as [CastRole, { email: string }][]) {
    const client = createClient(env.apiUrl, env.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const { error } = await client.auth.signInWithPassword({ email: user.email, password: 'password123' });
    if (error) throw error;
    clients[role] = client;
  }
  return clients;
}
