/** @module routes/app/account — `/account`: profile and picture, password and email, sessions, notifications, deleting the account. */
import { getNotificationPreferences } from '@lanes/data/notifications/get-notification-preferences';
import { getProfile } from '@lanes/data/profiles/get-profile';
import { getTimeZone } from '@lanes/data/profiles/get-time-zone';
import { accountAction } from '#app/features/account/account-actions.server.ts';
import { AvatarField } from '#app/features/account/avatar-field.tsx';
import { DeleteAccountForm } from '#app/features/account/delete-account-form.tsx';
import { NotificationsForm } from '#app/features/account/notifications-form.tsx';
import { ProfileForm } from '#app/features/account/profile-form.tsx';
import { EmailForm, PasswordForm, SessionsForm } from '#app/features/account/security-forms.tsx';
import { attemptKeys, beginEmail, beginSignIn, signedIn } from '#app/features/auth/auth-limits.server.ts';
import { toRouteError } from '#app/lib/http.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/account.ts';
import '#app/features/account/account.css';

export const meta: Route.MetaFunction = () => [{ title: 'Your account · Lanes' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, user } = requireUser(request, context);
  try {
    const [profile, preferences, { timeZone }] = await Promise.all([
      getProfile(client, { userId: user.id }, request.signal),
      getNotificationPreferences(client),
      getTimeZone(client),
    ]);
    return {
      email: user.email,
      displayName: profile.display_name,
      avatarPath: profile.avatar_path,
      preferences,
      timeZone,
    };
  } catch (error) {
    toRouteError(error, request);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { client, user } = requireUser(request, context);
  // The current-password check counts as a sign-in of this account from this visitor (decision 069).
  const keys = attemptKeys(request, user.email);
  return accountAction(client, user, await request.formData(), {
    beginSignIn: () => beginSignIn(client, keys),
    signedIn: () => signedIn(client, keys),
    beginEmail: () => beginEmail(client, keys),
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { email, displayName, avatarPath, preferences, timeZone } = loaderData;
  return (
    <div className="account-page">
      <h1>Your account</h1>
      <section className="panel" aria-labelledby="profile-title">
        <h2 id="profile-title">Profile</h2>
        <AvatarField name={displayName} avatarPath={avatarPath} result={actionData} />
        <ProfileForm displayName={displayName} result={actionData} />
      </section>
      <section className="panel" aria-labelledby="security-title">
        <h2 id="security-title">Security</h2>
        <PasswordForm email={email} result={actionData} />
        <EmailForm email={email} result={actionData} />
        <SessionsForm result={actionData} />
      </section>
      <section className="panel" aria-labelledby="notifications-title" id="notifications">
        <h2 id="notifications-title">Notifications</h2>
        <NotificationsForm preferences={preferences} timeZone={timeZone} result={actionData} />
      </section>
      <section className="panel danger-zone" aria-labelledby="delete-title">
        <h2 id="delete-title">Delete account</h2>
        <DeleteAccountForm email={email} result={actionData} />
      </section>
    </div>
  );
}
