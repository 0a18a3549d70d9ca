/**
 * @module features/account/account-actions.server — what `/account`'s forms do: each form names its `intent`,
 * and the answer names it back, so only that form shows the outcome.
 */
import { changeEmail } from '@lanes/data/account/change-email';
import { deleteAccount } from '@lanes/data/account/delete-account';
import { signOut } from '@lanes/data/account/sign-out';
import { updatePassword } from '@lanes/data/account/update-password';
import { removeAvatar } from '@lanes/data/avatars/remove-avatar';
import type { LanesClient } from '@lanes/data/client';
import { updateProfile } from '@lanes/data/profiles/update-profile';
import { LanesError } from '@lanes/shared/errors';
import { data, redirect } from 'react-router';
import { env } from '../../env.server.ts';
import { type FormErrors, toFormErrors } from '../../lib/form-errors.ts';
import type { SessionUser } from '../../lib/supabase.server.ts';

export const ACCOUNT_INTENTS = [
  'profile',
  'remove-avatar',
  'password',
  'email',
  'sign-out',
  'sign-out-everywhere',
  'delete',
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export interface AccountActionData {
  intent: AccountIntent;
  errors?: FormErrors;
  /** What happened, said to the user ("Password changed."). */
  done?: string;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

const isIntent = (value: string): value is AccountIntent =>
  (ACCOUNT_INTENTS as readonly string[]).includes(value);

/** Runs the posted form's intent; redirects when the session ends (sign-out, deletion). */
export async function accountAction(client: LanesClient, user: SessionUser, form: FormData) {
  const intent = text(form, 'intent');
  if (!isIntent(intent)) throw data('Unknown action', { status: 400 });
  try {
    return data<AccountActionData>({ intent, done: await run(client, user, intent, form) });
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof LanesError)) console.error(error);
    const status = error instanceof LanesError ? error.status : 500;
    return data<AccountActionData>({ intent, errors: toFormErrors(error) }, { status });
  }
}

async function run(client: LanesClient, user: SessionUser, intent: AccountIntent, form: FormData) {
  switch (intent) {
    case 'profile':
      await updateProfile(client, { displayName: text(form, 'displayName') });
      return 'Saved.';
    case 'remove-avatar':
      await removeAvatar(client);
      return 'Picture removed.';
    case 'password':
      await updatePassword(client, { password: text(form, 'password') });
      return 'Password changed. Other devices stay signed in until you sign them out below.';
    case 'email': {
      const email = text(form, 'email');
      await changeEmail(client, { email }, { siteUrl: env.SITE_URL });
      return `Almost done: open the links we emailed to ${user.email} and to ${email.trim().toLowerCase()}.`;
    }
    case 'sign-out':
    case 'sign-out-everywhere':
      await signOut(client, { scope: intent === 'sign-out' ? 'local' : 'global' });
      throw redirect('/');
    case 'delete':
      if (text(form, 'confirm').trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new LanesError('VALIDATION', {
          field: 'confirm',
          message: 'Type your email address exactly to confirm.',
        });
      }
      await deleteAccount(client);
      throw redirect('/?deleted=1');
  }
}
