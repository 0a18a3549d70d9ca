/** @module routes/auth/forgot-password — `/forgot-password`: emails a recovery link. */
import { requestPasswordReset } from '@lanes/data/account/request-password-reset';
import { Link } from 'react-router';
import { env } from '#app/env.server.ts';
import { emailSent, failed, limitEmail, retryAfterHeaders } from '#app/features/auth/auth-forms.server.ts';
import { rememberNext } from '#app/features/auth/next-cookie.server.ts';
import { ForgotPasswordForm } from '#app/features/auth/recovery-forms.tsx';
import { getSupabase } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/forgot-password.ts';

export const meta: Route.MetaFunction = () => [{ title: 'Forgot password · Lanes' }];

export const headers: Route.HeadersFunction = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const email = String((await request.formData()).get('email') ?? '');
  const { client } = getSupabase(context);
  try {
    await limitEmail(client, request, email);
    await requestPasswordReset(client, { email }, { siteUrl: env.SITE_URL });
  } catch (error) {
    return failed(error, email, 'recovery');
  }
  return emailSent('recovery', 'recovery', email, {
    headers: { 'Set-Cookie': rememberNext('/reset-password') },
  });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  return (
    <>
      <h1>Forgot your password?</h1>
      <p>Enter your email and we will send you a link to choose a new one.</p>
      <ForgotPasswordForm result={actionData} />
      <p className="form-footer">
        <Link to="/sign-in">Back to sign in</Link>
      </p>
    </>
  );
}
