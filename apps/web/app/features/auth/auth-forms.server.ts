/**
 * @module features/auth/auth-forms.server — what the auth pages' actions do with a posted form: call the data
 * operation, and answer with a redirect or with the form's errors (never echoing the password).
 */
import { sendMagicLink, sendMagicLinkInput } from '@lanes/data/account/send-magic-link';
import { signInInput, signInWithPassword } from '@lanes/data/account/sign-in-with-password';
import { signUp } from '@lanes/data/account/sign-up';
import type { LanesClient } from '@lanes/data/client';
import { data, redirect } from 'react-router';
import { env } from '#app/env.server.ts';
import { type ActionResult, readIntent, refused, succeeded } from '#app/lib/action-result.ts';
import { formText } from '#app/lib/form-values.ts';
import { safeNext } from '#app/lib/safe-next.ts';
import { attemptKeys, beginEmail, beginSignIn, signedIn } from './auth-limits.server.ts';
import { rememberNext } from './next-cookie.server.ts';
import { resendConfirmation } from './resend-confirmation.server.ts';

export const AUTH_INTENTS = [
  'password',
  'magic-link',
  'resend',
  'sign-up',
  'recovery',
  'reset-password',
] as const;
export type AuthIntent = (typeof AUTH_INTENTS)[number];

/**
 * `values.email` is the address the form posted (shown again; a password never is). `sent` says which "check
 * your inbox" to show after a sign-up, magic link, resend or recovery email.
 */
export type AuthActionData = ActionResult<AuthIntent> & {
  sent?: 'signup' | 'magic-link' | 'resend' | 'recovery';
};

/** A refused auth form: its errors, its address again, and a limit's wait as `Retry-After`. */
export function failed(error: unknown, email: string, intent: AuthIntent) {
  return refused<AuthIntent, Pick<AuthActionData, 'sent'>>(intent, error, { values: { email } });
}

/** An email went out: which one, to where (the address comes back so the page can name it). */
export function emailSent(
  intent: AuthIntent,
  sent: NonNullable<AuthActionData['sent']>,
  email: string,
  init?: ResponseInit,
) {
  return data(succeeded<AuthIntent, Pick<AuthActionData, 'sent'>>(intent, { sent, values: { email } }), init);
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
  // The password button, or a post naming no other way in.
  const intent = readIntent(form, ['magic-link', 'resend'] as const) ?? 'password';
  try {
    if (intent === 'magic-link') {
      await limitEmail(client, request, email);
      await sendMagicLink(client, { email }, siteUrl());
      return emailSent(intent, 'magic-link', email, { headers: { 'Set-Cookie': rememberNext(next) } });
    }
    if (intent === 'resend') {
      await limitEmail(client, request, email);
      await resendConfirmation(client, { email }, siteUrl());
      return emailSent(intent, 'resend', email);
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
    return failed(error, email, 'sign-up');
  }
  // The confirmation link continues to where the visitor was heading (e.g. a board they were sent to).
  const next = safeNext(formText(form, 'next'));
  return emailSent('sign-up', 'signup', email, { headers: { 'Set-Cookie': rememberNext(next) } });
}
