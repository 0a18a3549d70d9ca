/**
 * @module routes/home — `/`: the landing page; a signed-in visitor goes straight to their workspaces. Deleting
 * an account lands here with `?deleted=1`, which the page confirms.
 */
import { Link, redirect } from 'react-router';
import { FormNotice } from '#app/components/form-error.tsx';
import { LogoMark } from '#app/components/logo-mark.tsx';
import { getSupabase } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/home.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Lanes — a realtime task board for small teams' }];

export function loader({ request, context }: Route.LoaderArgs) {
  if (getSupabase(context).user) throw redirect('/w');
  return { deleted: new URL(request.url).searchParams.get('deleted') === '1' };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="landing">
      <Link to="/" className="brand">
        <LogoMark />
        Lanes
      </Link>
      <FormNotice>
        {loaderData.deleted ? (
          <p>Your account has been deleted, with everything only you could see.</p>
        ) : null}
      </FormNotice>
      <h1>Plan work together, see every change as it happens.</h1>
      <p>
        Lanes is a calm, fast task board for teams of 2 to 50: boards, columns and cards, comments and files,
        and your teammates' changes live, without reloading.
      </p>
      <div className="actions">
        <Link to="/sign-up" className="btn btn-primary">
          Create an account
        </Link>
        <Link to="/sign-in" className="btn btn-secondary">
          Sign in
        </Link>
      </div>
    </main>
  );
}
