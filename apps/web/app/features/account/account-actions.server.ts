/**
 * @module features/account/account-actions.server — what `/account`'s forms do: each form names its `intent`,
 * and the answer names it back, so only that form shows the outcome. A password or email change first proves
 * the current password (issue 25).
 */
import { changeEmail } from '@lanes/data/account/change-email';
import { deleteAccount } from '@lanes/data/account/delete-account';
import { signOut } from '@lanes/data/account/sign-out';
import { updatePassword } from '@lanes/data/account/update-password';
import { removeAvatar } from '@lanes/data/avatars/remove-avatar';
import type { LanesClient } from '@lanes/data/client';
import { updateProfile } from '@lanes/data/profiles/update-profile';
import { LanesError, validationError } from '@lanes/shared/errors';
import { changeEmailInput, changePasswordInput } from '@lanes/shared/schemas/auth';
import { redirect } from 'react-router';
import type { z } from 'zod';
import { env } from '#app/env.server.ts';
import {
  type ActionResult,
  postedValues,
  readIntent,
  refused,
  succeeded,
  unknownIntent,
} from '#app/lib/action-result.ts';
import { toFormErrors } from '#app/lib/form-errors.ts';
import { formText } from '#app/lib/form-values.ts';
import type { SessionUser } from '#app/lib/supabase.server.ts';
import { type AuthGuard, askForReauthentication, proveCurrentPassword } from './current-password.server.ts';
import { saveNotificationChoices } from './save-notifications.server.ts';

export const ACCOUNT_INTENTS = [
  'profile',
  'remove-avatar',
  'password',
  'email',
  'sign-out',
  'sign-out-everywhere',
  'delete',
  'notifications',
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

/**
 * `values` after a refusal: the new address an email change asked for, or the Notifications form's choices and
 * time zone (never a password). `nonce`: Auth wants its emailed code with the next password change.
 */
export type AccountActionData = ActionResult<AccountIntent> & { nonce?: boolean };

/** The form checked as its schema says; a refusal is VALIDATION before anything is counted or sent. */
function checked<S extends z.ZodType>(schema: S, form: FormData, names: readonly string[]): z.output<S> {
  const result = schema.safeParse(Object.fromEntries(names.map((name) => [name, formText(form, name)])));
  if (!result.success) throw validationError(result.error.issues);
  return result.data;
}

/**
 * Runs the posted form's intent; redirects when the session ends (sign-out, deletion). `guard` is the sign-in
 * and email limits (decision 069) for this visitor and this account, so the current-password check cannot be
 * used to guess a password faster than the sign-in page allows.
 */
export async function accountAction(
  client: LanesClient,
  user: SessionUser,
  form: FormData,
  guard: AuthGuard,
) {
  const intent = readIntent(form, ACCOUNT_INTENTS);
  if (!intent) return unknownIntent<AccountIntent>('profile');
  try {
    return succeeded(intent, { done: await run(client, user, intent, form, guard) });
  } catch (error) {
    const extra: Omit<AccountActionData, 'intent' | 'ok'> = { errors: toFormErrors(error) };
    if (intent === 'email') extra.values = { email: formText(form, 'email') };
    if (intent === 'notifications') extra.values = postedValues(form);
    const refusedNonce = extra.errors?.fields.nonce !== undefined;
    if (intent === 'password' && (formText(form, 'nonce') || refusedNonce)) extra.nonce = true;
    return refused(intent, error, extra);
  }
}

async function run(
  client: LanesClient,
  user: SessionUser,
  intent: AccountIntent,
  form: FormData,
  guard: AuthGuard,
) {
  switch (intent) {
    case 'profile':
      await updateProfile(client, { displayName: formText(form, 'displayName') });
      return 'Saved.';
    case 'remove-avatar':
      await removeAvatar(client);
      return 'Picture removed.';
    case 'password': {
      const input = checked(changePasswordInput, form, ['currentPassword', 'password', 'nonce']);
      await proveCurrentPassword(user.email, input.currentPassword, guard);
      try {
        await updatePassword(client, { password: input.password, nonce: input.nonce || undefined });
      } catch (error) {
        // Auth wants the emailed code (secure_password_change, an old session): send it, then ask for it.
        if (error instanceof LanesError && error.details?.reauthenticate) {
          await askForReauthentication(client, guard);
        }
        throw error;
      }
      return 'Password changed. Other devices stay signed in until you sign them out below.';
    }
    case 'email': {
      const input = checked(changeEmailInput, form, ['currentPassword', 'email']);
      await proveCurrentPassword(user.email, input.currentPassword, guard);
      await changeEmail(client, { email: input.email }, { siteUrl: env.SITE_URL });
      return `Almost done: open the links we emailed to ${user.email} and to ${input.email}.`;
    }
    case 'sign-out':
    case 'sign-out-everywhere':
      await signOut(client, { scope: intent === 'sign-out' ? 'local' : 'global' });
      throw redirect('/');
    case 'notifications':
      await saveNotificationChoices(client, postedValues(form));
      return 'Notification settings saved.';
    case 'delete':
      if (formText(form, 'confirm').trim().toLowerCase() !== user.email.toLowerCase()) {
        throw new LanesError('VALIDATION', {
          field: 'confirm',
          message: 'Type your email address exactly to confirm.',
        });
      }
      await deleteAccount(client);
      throw redirect('/?deleted=1');
  }
}
