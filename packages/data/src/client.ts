/** @module client — the typed supabase-js client every operation takes as its first argument. */
import type { Database } from '@lanes/shared/database';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';

export type LanesClient = SupabaseClient<Database>;

/**
 * A browser or script client for the Lanes schema. Server code builds its own with `@supabase/ssr`
 * (cookie sessions) and passes it to the same operations.
 */
export function createLanesClient(
  url: string,
  key: string,
  options?: SupabaseClientOptions<'public'>,
): LanesClient {
  return createClient<Database>(url, key, options);
}
