/**
 * @module root — the HTML document: theme from the cookie (no flash), the browser-safe env, the Supabase
 * middleware that reads the session for every request, and the last-resort error boundary.
 */
// First: configures zod before any schema module runs (see the module).
import './lib/zod-browser.ts';
import { useMemo } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetchers,
  useLoaderData,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root.ts';
import appCss from './app.css?inline';
import { GeneralErrorBoundary } from './components/error-boundary.tsx';
import { publicEnv } from './env.server.ts';
import { fontCss, interLatinUrl } from './lib/font.ts';
import { useNonce } from './lib/nonce.ts';
import { revalidateUnlessOnlyAPanelChanged } from './lib/panel-navigation.ts';
import { PublicEnvContext } from './lib/public-env.ts';
import { sameOriginMiddleware } from './lib/same-origin.server.ts';
import { securityHeadersMiddleware } from './lib/security-headers.server.ts';
import { getSupabase, supabaseMiddleware } from './lib/supabase.server.ts';
import { readTheme } from './lib/theme.server.ts';
import { isTheme, type Theme } from './lib/theme.ts';

// Headers wrap everything (refusals included); the origin check comes before the session, so a forged
// request does not even refresh one.
export const middleware: Route.MiddlewareFunction[] = [
  securityHeadersMiddleware,
  sameOriginMiddleware,
  supabaseMiddleware,
];

export function loader({ request, context }: Route.LoaderArgs) {
  const { user } = getSupabase(context);
  return {
    theme: readTheme(request),
    env: publicEnv(),
    user: user ? { id: user.id, email: user.email, displayName: user.displayName } : null,
  };
}

/** The user, theme and env do not change when a task panel opens, closes or saves (decision 127). */
export const shouldRevalidate = revalidateUnlessOnlyAPanelChanged;

export type RootData = Awaited<ReturnType<typeof loader>>;

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Fonts are fetched anonymously even from the same origin; without crossOrigin the preload goes unused.
  { rel: 'preload', href: interLatinUrl, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

export const meta: Route.MetaFunction = () => [
  { title: 'Lanes' },
  { name: 'description', content: 'A realtime task board for small teams.' },
];

/** The theme being switched to wins over the cookie, so the switch feels instant. */
function useTheme(saved: Theme | undefined): Theme {
  const pending = useFetchers()
    .find((f) => f.formAction === '/theme')
    ?.formData?.get('theme');
  return isTheme(pending) ? pending : (saved ?? 'system');
}

// Inline in the head, as the board's and the panel's CSS are: a linked stylesheet was the one request that held
// the first paint, queued behind the route's modulepreloads (decision 119). Only the server's HTML needs the
// text: every document is rendered there, and in the browser React adopts that <style> by its href, so the
// client build drops the string instead of shipping it twice.
const rootCss = import.meta.env.SSR ? fontCss + appCss : '';

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const theme = useTheme(data?.theme);
  const nonce = useNonce();
  return (
    <html lang="en" data-theme={theme === 'system' ? undefined : theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === 'system' ? 'light dark' : theme} />
        <style href="app-css" precedence="default">
          {rootCss}
        </style>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { env: fresh } = useLoaderData<typeof loader>();
  // Every revalidation (each save in the task panel) brings an equal but new object; live connections keyed
  // on it would drop and rejoin each time.
  const env = useMemo(() => fresh, [fresh.SUPABASE_URL, fresh.SUPABASE_ANON_KEY]);
  return (
    <PublicEnvContext.Provider value={env}>
      <Outlet />
    </PublicEnvContext.Provider>
  );
}

export function ErrorBoundary() {
  return (
    <main className="page-center">
      <GeneralErrorBoundary />
    </main>
  );
}
