/** @module routes/auth/reset-password — `/reset-password`: a new password, with the session the recovery link made. */
import { updatePassword } from '@lanes/data/account/update-password';
import { Link, redirect } from 'react-router';
import { failed } from '#app/features/auth/auth-forms.server.ts';
import { ResetPasswordForm } from '#app/features/auth/recovery-forms.tsx';
import { getSupabase } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/reset-password.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Choose a new password · Lanes' }];

export function loader({ context }: Route.LoaderArgs) {
  const { user } = getSupabase(context);
  return { email: user?.email ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { client, user } = getSupabase(context);
  if (!user) throw redirect('/forgot-password');
  try {
    await updatePassword(client, { password: String((await request.formData()).get('password') ?? '') });
  } catch (error) {
    return failed(error, user.email, 'reset-password');
  }
  throw redirect('/w');
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.email) {
    return (
      <>
        <h1>Choose a new password</h1>
        <p>This page needs the link from your recovery email. It may have expired.</p>
        <p>
          <Link to="/forgot-password">Send a new recovery email</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Choose a new password</h1>
      <p>For {loaderData.email}.</p>
      <ResetPasswordForm result={actionData} />
    </>
  );
}
