/**
 * @module features/auth/auth-forms.server — what the auth pages' actions do with a posted form: call the data
 * operation, and answer with a redirect or with the form's errors (never echoing the password).
 */
import { sendMagicLink } from '@lanes/data/account/send-magic-link';
import { signInWithPassword } from '@lanes/data/account/sign-in-with-password';
import { signUp } from '@lanes/data/account/sign-up';
import type { LanesClient } from '@lanes/data/client';
import { LanesError } from '@lanes/shared/errors';
import { data, redirect } from 'react-router';
import { env } from '../../env.server.ts';
import { type FormErrors, toFormErrors } from '../../lib/form-errors.ts';
import { safeNext } from '../../lib/safe-next.ts';
import { rememberNext } from './next-cookie.server.ts';
import { resendConfirmation } from './resend-confirmation.server.ts';

export interface AuthActionData {
  errors?: FormErrors;
  /** "Check your inbox" after a sign-up, magic link, resend or recovery email. */
  sent?: 'signup' | 'magic-link' | 'resend' | 'recovery';
  email?: string;
  /** The form button that failed, so the page can offer it again (e.g. a resend refused for now). */
  intent?: string;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export function failed(error: unknown, email: string, intent?: string) {
  if (!(error instanceof LanesError)) console.error(error);
  const errors = toFormErrors(error);
  const status = error instanceof LanesError ? error.status : 500;
  return data<AuthActionData>(intent ? { errors, email, intent } : { errors, email }, { status });
}

const siteUrl = () => ({ siteUrl: env.SITE_URL });

export async function signInAction(client: LanesClient, form: FormData) {
  const email = text(form, 'email');
  const next = safeNext(text(form, 'next'));
  const intent = text(form, 'intent');
  try {
    if (intent === 'magic-link') {
      await sendMagicLink(client, { email }, siteUrl());
      return data<AuthActionData>(
        { sent: 'magic-link', email },
        { headers: { 'Set-Cookie': rememberNext(next) } },
      );
    }
    if (intent === 'resend') {
      await resendConfirmation(client, { email }, siteUrl());
      return data<AuthActionData>({ sent: 'resend', email });
    }
    await signInWithPassword(client, { email, password: text(form, 'password') });
  } catch (error) {
    return failed(error, email, intent);
  }
  // The session cookies are on the response already (the root middleware copies them).
  throw redirect(next);
}

export async function signUpAction(client: LanesClient, form: FormData) {
  const email = text(form, 'email');
  try {
    await signUp(
      client,
      { email, password: text(form, 'password'), displayName: text(form, 'displayName') },
      siteUrl(),
    );
  } catch (error) {
    return failed(error, email);
  }
  // The confirmation link continues to where the visitor was heading (e.g. a board they were sent to).
  const next = safeNext(text(form, 'next'));
  return data<AuthActionData>({ sent: 'signup', email }, { headers: { 'Set-Cookie': rememberNext(next) } });
}
