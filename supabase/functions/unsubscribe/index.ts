/**
 * @module unsubscribe — the one-click unsubscribe of notification emails (RFC 8058): a mail client POSTs
 * `List-Unsubscribe=One-Click` to the URL in `List-Unsubscribe`, signed out, with the token in the query.
 * The token names one person and one kind (or the digest); `public.unsubscribe` checks its signature and
 * changes that preference only (decision 075). `verify_jwt = false`: mail clients send no key.
 */

import type { Database } from '@lanes/shared/database.gen.ts';
import { createClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { dbError } from '../_shared/db-error.ts';
import { env } from '../_shared/env.ts';
import { json, parseInput, serve } from '../_shared/http.ts';

const input = z.object({ token: z.string().min(1).max(200) });

serve(async (req) => {
  const { token } = parseInput(input, { token: new URL(req.url).searchParams.get('token') ?? undefined });
  // Anyone may unsubscribe with a valid token: the function acts as anon, the database checks the token.
  const anon = createClient<Database>(env().SUPABASE_URL, env().SUPABASE_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const { data, error } = await anon.rpc('unsubscribe', { token });
  if (error) throw dbError(error);
  return json(200, data);
});
