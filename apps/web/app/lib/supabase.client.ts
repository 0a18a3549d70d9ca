/**
 * @module lib/supabase.client — the browser's Supabase client (realtime, storage uploads). It reads the session
 * from the same cookies the server used (`@supabase/ssr`), so it starts signed in: the page is already
 * server-rendered for the signed-in user and never flashes signed-out content. One client per tab.
 */
import type { LanesClient } from '@lanes/data/client';
import type { Database } from '@lanes/shared/database';
import { createBrowserClient } from '@supabase/ssr';
import type { PublicEnv } from './public-env.ts';

let client: LanesClient | null = null;

/** Browser only (it reads `document.cookie`): call from effects and event handlers, not during render. */
export function getBrowserClient(env: PublicEnv): LanesClient {
  client ??= createBrowserClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    // Refreshed sessions written from the browser are as Secure as the server's cookies (https only).
    cookieOptions: { secure: window.location.protocol === 'https:' },
  }) as unknown as LanesClient;
  return client;
}

/**
 * The browser client, with the user's token handed to Realtime before any channel joins. A channel joined on
 * the first paint would otherwise join before the client has read its session from the cookies, as anon, and
 * row-level security (rightly) lets no row of `postgres_changes` through.
 */
export async function getRealtimeClient(env: PublicEnv): Promise<LanesClient> {
  const browser = getBrowserClient(env);
  const { data } = await browser.auth.getSession();
  if (data.session) await browser.realtime.setAuth(data.session.access_token);
  return browser;
}
