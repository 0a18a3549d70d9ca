/** @module routes/app/layout — every signed-in page: requires a session, draws the header, catches errors. */
import { Outlet, useRouteLoaderData } from 'react-router';
import { AppHeader } from '../../components/app-header.tsx';
import { GeneralErrorBoundary } from '../../components/error-boundary.tsx';
import { requireUser } from '../../lib/supabase.server.ts';
import type { RootData } from '../../root.tsx';
import type { Route } from './+types/layout.ts';

/** The gate for every page below; who is signed in reaches the header through the root loader. */
export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>('root');
  const user = root?.user;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {user ? <AppHeader user={user} theme={root.theme} /> : null}
      <main id="main" className="app-main">
        {children}
      </main>
    </>
  );
}

export default function AppLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <GeneralErrorBoundary />
    </Shell>
  );
}
