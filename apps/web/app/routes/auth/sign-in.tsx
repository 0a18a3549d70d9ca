/** @module routes/auth/sign-in — `/sign-in`: password or magic link; back to `next` afterwards. */
import { Link, redirect } from 'react-router';
import { retryAfterHeaders, signInAction } from '#app/features/auth/auth-forms.server.ts';
import { SignInForm } from '#app/features/auth/sign-in-form.tsx';
import { safeNext } from '#app/lib/safe-next.ts';
import { getSupabase } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/sign-in.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Sign in · Lanes' }];

export const headers: Route.HeadersFunction = retryAfterHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get('next'));
  if (getSupabase(context).user) throw redirect(next);
  return { next, email: url.searchParams.get('email') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  return signInAction(getSupabase(context).client, request, await request.formData());
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const signUp =
    loaderData.next === '/w' ? '/sign-up' : `/sign-up?next=${encodeURIComponent(loaderData.next)}`;
  return (
    <>
      <h1>Sign in</h1>
      <SignInForm result={actionData} next={loaderData.next} email={loaderData.email} />
      <p className="form-footer">
        New to Lanes? <Link to={signUp}>Create an account</Link>
      </p>
    </>
  );
}
