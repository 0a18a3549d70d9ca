/** @module _shared/clients — supabase-js clients: as the caller (RLS decides) and as the service role. */

import type { Database } from '@lanes/shared/database.gen.ts';
import { LanesError } from '@lanes/shared/errors.ts';
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { env } from './env.ts';

export type Client = SupabaseClient<Database>;

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** A client that acts as the caller: their JWT goes with every request, so row-level security applies. */
export function callerClient(req: Request): Client {
  return createClient<Database>(env().SUPABASE_URL, env().SUPABASE_ANON_KEY, {
    auth: noSession,
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
  });
}

/** Bypasses row-level security: only for what the caller may not do themselves (answering an invitation). */
export function serviceClient(): Client {
  return createClient<Database>(env().SUPABASE_URL, env().SUPABASE_SERVICE_ROLE_KEY, { auth: noSession });
}

/** The signed-in caller, checked with the Auth server; SESSION_EXPIRED for anon keys and dead sessions. */
export async function requireUser(req: Request, client: Client): Promise<User & { email: string }> {
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '');
  const { data, error } = await client.auth.getUser(token);
  if (error || !data.user) throw new LanesError('SESSION_EXPIRED');
  if (!data.user.email) throw new LanesError('FORBIDDEN', { message: 'This account has no email address.' });
  return data.user as User & { email: string };
}
