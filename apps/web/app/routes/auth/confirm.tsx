/** @module routes/auth/confirm — `/auth/confirm`: every emailed link lands here; verified on the server. */
import { LanesError } from '@lanes/shared/errors';
import { data, Link, redirect } from 'react-router';
import { confirmEmailLink } from '#app/features/auth/confirm.server.ts';
import { forgetNext, recalledNext } from '#app/features/auth/next-cookie.server.ts';
import { getSupabase } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/confirm.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Confirming · Lanes' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const headers = { 'Set-Cookie': forgetNext() };
  try {
    const { next } = await confirmEmailLink(getSupabase(context).client, params, recalledNext(request));
    throw redirect(next, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof LanesError)) throw error;
    return data({ message: error.message }, { status: 400, headers });
  }
}

export default function Confirm({ loaderData }: Route.ComponentProps) {
  return (
    <main className="page-center">
      <section className="auth-card" aria-labelledby="confirm-title">
        <h1 id="confirm-title">This link did not work</h1>
        <p role="alert">{loaderData.message}</p>
        <p>
          <Link to="/sign-in">Sign in</Link> or <Link to="/forgot-password">reset your password</Link>.
        </p>
      </section>
    </main>
  );
}
