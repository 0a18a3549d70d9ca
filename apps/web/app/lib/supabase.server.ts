/**
 * @module lib/supabase.server — one Supabase client per request with the session in cookies
 * (`@supabase/ssr`), the signed-in user read from verified JWT claims, and `requireUser` for protected routes.
 */
import type { LanesClient } from '@lanes/data/client';
import type { Database } from '@lanes/shared/database';
import { createServerClient, parseCookieHeader, serializeCookieHeader } from '@supabase/ssr';
import { createContext, type MiddlewareFunction, type RouterContextProvider, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { pagePath, signInPath } from './safe-next.ts';
import { secureCookies } from './security-headers.server.ts';

export interface SessionUser {
  id: string;
  email: string;
  displayName: string;
  /** How the session was made (`password`, `otp`, `recovery`…), from the token's `amr` claim. */
  methods: string[];
}

export interface RequestSupabase {
  client: LanesClient;
  user: SessionUser | null;
}

/** Exported for loader tests, which provide a user without a request to Auth. */
export const supabaseContext = createContext<RequestSupabase>();

/** A server client whose cookie writes land in `responseHeaders` (with the no-store headers @supabase/ssr asks for). */
export function createRequestClient(request: Request, responseHeaders: Headers): LanesClient {
  const client = createServerClient<Database>(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    cookieOptions: { secure: secureCookies() },
    cookies: {
      getAll: () =>
        parseCookieHeader(request.headers.get('Cookie') ?? '').map(({ name, value }) => ({
          name,
          value: value ?? '',
        })),
      setAll: (cookies, headers) => {
        for (const { name, value, options } of cookies) {
          responseHeaders.append('Set-Cookie', serializeCookieHeader(name, value, options));
        }
        for (const [key, value] of Object.entries(headers ?? {})) responseHeaders.set(key, value);
      },
    },
  }) as unknown as LanesClient; // same class; @supabase/ssr sees its own copy of the types
  // Data operations read the user id from `getSession()`; the middleware has verified that very token with
  // `getClaims()` first, so auth-js's "may not be authentic" warning is noise here.
  (client.auth as unknown as { suppressGetSessionWarning: boolean }).suppressGetSessionWarning = true;
  return client;
}

/**
 * The user from the access token in the cookies. `getClaims()` refreshes an expired session (new cookies) and
 * verifies the ES256 signature against the cached JWKS, so a request costs no Auth round trip.
 */
export async function readUser(client: LanesClient): Promise<SessionUser | null> {
  const { data, error } = await client.auth.getClaims();
  if (error || !data) return null;
  const claims = data.claims;
  const metadata = (claims.user_metadata ?? {}) as Record<string, unknown>;
  const email = typeof claims.email === 'string' ? claims.email : '';
  const amr = Array.isArray(claims.amr) ? (claims.amr as { method?: unknown }[]) : [];
  return {
    id: claims.sub,
    email,
    displayName: typeof metadata.display_name === 'string' ? metadata.display_name : email.split('@')[0]!,
    methods: amr.map((entry) => String(entry.method ?? '')),
  };
}

/**
 * Whether Auth still knows the session behind the token. A token stays valid until it expires (up to an hour)
 * after "sign out everywhere" or a password change elsewhere; asking Auth (`getUser`, which checks the token's
 * `session_id`) ends such a session on its next request. When Auth cannot be reached the token's own signature
 * is trusted, so an Auth hiccup does not sign everyone out (decision 158).
 */
export async function sessionIsLive(client: LanesClient): Promise<boolean> {
  const { error } = await client.auth.getUser();
  if (!error) return true;
  const status = (error as { status?: number }).status ?? 0;
  return !(status >= 400 && status < 500);
}

/**
 * Root middleware: builds the request's client, reads the user before any loader runs (so a refresh writes
 * its cookies in time), checks the session with Auth, and copies every cookie the request produced onto the
 * response — redirects included.
 *
 * A read (GET/HEAD) does not wait for Auth: its loaders run beside the check with the user's token (RLS guards
 * the data), and when the check finds the session revoked the rendered answer is thrown away — no byte of it
 * leaves — for a redirect to the same page, now signed out (decision 116). A write waits for the check first,
 * so a revoked session never changes anything.
 */
export const supabaseMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const headers = new Headers();
  const client = createRequestClient(request, headers);
  let user = await readUser(client);
  const live = user ? sessionIsLive(client) : Promise.resolve(true);
  const reading = request.method === 'GET' || request.method === 'HEAD';
  if (!reading && !(await live)) {
    await endLocalSession(client);
    user = null;
  }
  context.set(supabaseContext, { client, user });
  // A read's answer is only built here; it is not sent until the check below has passed.
  const [response, isLive] = await Promise.all([
    next().catch((error: unknown) => error),
    reading ? live : Promise.resolve(true),
  ]);
  if (!isLive) {
    await endLocalSession(client);
    throw withCookies(
      redirect(pagePath(new URL(request.url)), { headers: { 'Cache-Control': 'no-store' } }),
      headers,
    );
  }
  if (!(response instanceof Response)) throw response;
  return withCookies(response, headers);
};

/** Revoked elsewhere: clear this browser's cookies too (a local sign-out writes the removals). */
async function endLocalSession(client: LanesClient) {
  await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
}

function withCookies(response: Response, headers: Headers): Response {
  for (const cookie of headers.getSetCookie()) response.headers.append('Set-Cookie', cookie);
  for (const [key, value] of headers) if (key !== 'set-cookie') response.headers.set(key, value);
  return response;
}

type Context = Readonly<RouterContextProvider>;

export function getSupabase(context: Context): RequestSupabase {
  return context.get(supabaseContext);
}

/** The signed-in user and their client, or a redirect to `/sign-in?next=<this path>`. */
export function requireUser(request: Request, context: Context): RequestSupabase & { user: SessionUser } {
  const supabase = getSupabase(context);
  if (!supabase.user) throw redirect(signInPath(request));
  return supabase as RequestSupabase & { user: SessionUser };
}
