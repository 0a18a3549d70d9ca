/**
 * @module features/auth/auth-forms.server — what the auth pages' actions do with a posted form: call the data
 * operation, and answer with a redirect or with the form's errors (never echoing the password).
 */
import { sendMagicLink, sendMagicLinkInput } from '@lanes/data/account/send-magic-link';
import { signInInput, signInWithPassword } from '@lanes/data/account/sign-in-with-password';
import { signUp } from '@lanes/data/account/sign-up';
import type { LanesClient } from '@lanes/data/client';
import { LanesError } from '@lanes/shared/errors';
import { data, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { type FormErrors, toFormErrors } from '#app/lib/form-errors.ts';
import { formText } from '#app/lib/form-values.ts';
import { safeNext } from '#app/lib/safe-next.ts';
import { attemptKeys, beginEmail, beginSignIn, signedIn } from './auth-limits.server.ts';
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

export function failed(error: unknown, email: string, intent?: string) {
  if (!(error instanceof LanesError)) console.error(error);
  const errors = toFormErrors(error);
  const status = error instanceof LanesError ? error.status : 500;
  // A limit's answer names its wait for scripts too (RFC 9110 Retry-After, in seconds).
  const wait = error instanceof LanesError ? error.details?.retryAfterSeconds : undefined;
  const headers: HeadersInit = typeof wait === 'number' ? { 'Retry-After': String(wait) } : {};
  return data<AuthActionData>(intent ? { errors, email, intent } : { errors, email }, { status, headers });
}

/**
 * A route's `headers`: React Router sends an action's headers with the page only through this, and the wait of
 * a refused attempt belongs on the page too (a script or a no-JS form post reads it there).
 */
export function retryAfterHeaders({ actionHeaders }: { actionHeaders: Headers }): HeadersInit {
  const wait = actionHeaders.get('Retry-After');
  return wait ? { 'Retry-After': wait } : {};
}

/**
 * Counts an auth email against the limits before asking Auth for it (decision 069). Input the data operation
 * will refuse anyway (VALIDATION) is not counted, so a typo spends nothing.
 */
export async function limitEmail(client: LanesClient, request: Request, email: string) {
  if (sendMagicLinkInput.safeParse({ email }).success) await beginEmail(client, attemptKeys(request, email));
}

const siteUrl = () => ({ siteUrl: env.SITE_URL });

export async function signInAction(client: LanesClient, request: Request, form: FormData) {
  const email = formText(form, 'email');
  const next = safeNext(formText(form, 'next'));
  const intent = formText(form, 'intent');
  try {
    if (intent === 'magic-link') {
      await limitEmail(client, request, email);
      await sendMagicLink(client, { email }, siteUrl());
      return data<AuthActionData>(
        { sent: 'magic-link', email },
        { headers: { 'Set-Cookie': rememberNext(next) } },
      );
    }
    if (intent === 'resend') {
      await limitEmail(client, request, email);
      await resendConfirmation(client, { email }, siteUrl());
      return data<AuthActionData>({ sent: 'resend', email });
    }
    const credentials = { email, password: formText(form, 'password') };
    // Input the data operation refuses (VALIDATION) never reaches Auth, so it is not counted.
    const keys = signInInput.safeParse(credentials).success ? attemptKeys(request, email) : null;
    if (keys) await beginSignIn(client, keys);
    await signInWithPassword(client, credentials);
    if (keys) await signedIn(client, keys);
  } catch (error) {
    return failed(error, email, intent);
  }
  // The session cookies are on the response already (the root middleware copies them).
  throw redirect(next);
}

export async function signUpAction(client: LanesClient, request: Request, form: FormData) {
  const email = formText(form, 'email');
  try {
    await limitEmail(client, request, email);
    await signUp(
      client,
      { email, password: formText(form, 'password'), displayName: formText(form, 'displayName') },
      { ...siteUrl(), timeZone: formText(form, 'timeZone') },
    );
  } catch (error) {
    return failed(error, email);
  }
  // The confirmation link continues to where the visitor was heading (e.g. a board they were sent to).
  const next = safeNext(formText(form, 'next'));
  return data<AuthActionData>({ sent: 'signup', email }, { headers: { 'Set-Cookie': rememberNext(next) } });
}
