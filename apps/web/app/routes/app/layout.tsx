/** @module routes/app/layout — every signed-in page: requires a session, draws the header, catches errors. */
import { countUnreadNotifications } from '@lanes/data/notifications/count-unread-notifications';
import { getProfile } from '@lanes/data/profiles/get-profile';
import { Outlet, useRouteLoaderData } from 'react-router';
import { AppHeader } from '#app/components/app-header.tsx';
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx';
import { Bell } from '#app/features/inbox/bell.tsx';
import { PaletteLauncher } from '#app/features/palette/palette-launcher.tsx';
import { revalidateUnlessOnlyAPanelChanged } from '#app/lib/panel-navigation.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { RootData } from '#app/root.tsx';
import type { Route } from './+types/layout.ts';

/**
 * The gate for every page below. The header shows the profile (display name and avatar), which can change
 * without a new token; the token's metadata is the fallback. The bell's unread count is read alongside it (a
 * failed count shows none rather than failing the page; the live channel recounts on joining).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, user } = requireUser(request, context);
  const [profile, unread] = await Promise.all([
    getProfile(client, { userId: user.id }, request.signal).catch(() => null),
    countUnreadNotifications(client, request.signal).catch(() => 0),
  ]);
  return {
    profile: profile ? { displayName: profile.display_name, avatarPath: profile.avatar_path } : null,
    unread,
  };
}

/** The profile in the header does not change when a task panel opens, closes or saves (decision 127). */
export const shouldRevalidate = revalidateUnlessOnlyAPanelChanged;

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>('root');
  const layout = useRouteLoaderData<typeof loader>('routes/app/layout');
  const user = root?.user ? { ...root.user, ...layout?.profile } : null;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {root && user ? (
        <AppHeader
          user={user}
          theme={root.theme}
          bell={
            <>
              {/* The palette's search button comes first in the row; the launcher also owns Ctrl-K and `?`. */}
              <PaletteLauncher theme={root.theme} />
              <Bell unread={layout?.unread ?? 0} />
            </>
          }
        />
      ) : null}
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
