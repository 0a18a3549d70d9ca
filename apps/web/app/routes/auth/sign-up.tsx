/** @module routes/auth/sign-up — `/sign-up`: create an account, then confirm it from the inbox. */
import { Link, redirect } from 'react-router';
import { retryAfterHeaders, signUpAction } from '#app/features/auth/auth-forms.server.ts';
import { SignUpForm } from '#app/features/auth/sign-up-form.tsx';
import { safeNext } from '#app/lib/safe-next.ts';
import { getSupabase } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/sign-up.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Create an account · Lanes' }];

export const headers: Route.HeadersFunction = retryAfterHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get('next'));
  if (getSupabase(context).user) throw redirect(next);
  return { next };
}

export async function action({ request, context }: Route.ActionArgs) {
  return signUpAction(getSupabase(context).client, request, await request.formData());
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1>Create your account</h1>
      <SignUpForm result={actionData} next={loaderData.next} />
      <p className="form-footer">
        Already have an account? <Link to="/sign-in">Sign in</Link>
      </p>
    </>
  );
}
