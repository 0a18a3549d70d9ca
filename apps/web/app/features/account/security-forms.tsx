/**
 * @module features/account/security-forms — change the password or the email address, each confirmed with the
 * current password; sign out here or everywhere.
 */
import { changeEmailInput, changePasswordInput } from '@lanes/shared/schemas/auth';
import { Form, Link, useNavigation } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { FormError, FormNotice } from '#app/components/form-error.tsx';
import { CurrentPasswordField, NewPasswordField } from '#app/components/password-fields.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { useValidatedForm } from '#app/lib/use-validated-form.ts';
import type { AccountActionData, AccountIntent } from './account-actions.server.ts';

const PASSWORD_ORDER = ['currentPassword', 'password', 'nonce'] as const;
const EMAIL_ORDER = ['currentPassword', 'email'] as const;

const forIntent = (result: AccountActionData | undefined, intent: AccountIntent) =>
  result?.intent === intent ? result : undefined;

export function PasswordForm({ email, result }: { email: string; result: AccountActionData | undefined }) {
  const mine = forIntent(result, 'password');
  const form = useValidatedForm(changePasswordInput, mine?.errors, PASSWORD_ORDER, 'password');
  // Auth asked for its emailed code (secure_password_change): the field stays until the change goes through.
  const askNonce = mine?.errors?.fields.nonce !== undefined || mine?.nonce === true;
  return (
    <Form method="post" className="form" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
      <h3>Password</h3>
      <CurrentPasswordField
        error={form.errors?.fields.currentPassword}
        autoFocus={form.focusField === 'currentPassword'}
      />
      <NewPasswordField error={form.errors?.fields.password} autoFocus={form.focusField === 'password'} />
      {askNonce ? (
        <TextField
          label="Confirmation code"
          name="nonce"
          inputMode="numeric"
          autoComplete="one-time-code"
          required
          error={form.errors?.fields.nonce}
          autoFocus={form.focusField === 'nonce'}
          description={`The code we emailed to ${email}.`}
        />
      ) : null}
      <FormError>
        {form.errors?.form ? (
          <p>
            {form.errors.form}{' '}
            {form.errors.code === 'SESSION_EXPIRED' ? (
              <Link to="/sign-in?next=/account">Sign in again</Link>
            ) : null}
          </p>
        ) : null}
      </FormError>
      <FormNotice>{mine?.done && !form.pending ? <p>{mine.done}</p> : null}</FormNotice>
      <Button name="intent" value="password" pending={form.pending}>
        Change password
      </Button>
    </Form>
  );
}

export function EmailForm({ email, result }: { email: string; result: AccountActionData | undefined }) {
  const mine = forIntent(result, 'email');
  const form = useValidatedForm(changeEmailInput, mine?.errors, EMAIL_ORDER, 'email');
  return (
    <Form method="post" className="form" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
      <h3>Email address</h3>
      <p className="field-description">
        Now <strong>{email}</strong>. The change happens once you open the links we email to both addresses.
      </p>
      <TextField
        label="New email address"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={mine?.values?.email}
        error={form.errors?.fields.email}
        autoFocus={form.focusField === 'email'}
      />
      <CurrentPasswordField
        error={form.errors?.fields.currentPassword}
        autoFocus={form.focusField === 'currentPassword'}
      />
      <FormError>{form.errors?.form ? <p>{form.errors.form}</p> : null}</FormError>
      <FormNotice>{mine?.done && !form.pending ? <p>{mine.done}</p> : null}</FormNotice>
      <Button name="intent" value="email" variant="secondary" pending={form.pending}>
        Change email
      </Button>
    </Form>
  );
}

export function SessionsForm({ result }: { result: AccountActionData | undefined }) {
  const navigation = useNavigation();
  const pending = navigation.formData?.get('intent');
  const error = (forIntent(result, 'sign-out') ?? forIntent(result, 'sign-out-everywhere'))?.errors?.form;
  return (
    <Form method="post" className="form">
      <h3>Sessions</h3>
      <p className="field-description">
        Signing out everywhere ends your session in every browser and app, this one included, at their next
        request.
      </p>
      <FormError>{error ? <p>{error}</p> : null}</FormError>
      <div className="actions">
        <Button name="intent" value="sign-out" variant="secondary" pending={pending === 'sign-out'}>
          Sign out on this device
        </Button>
        <Button
          name="intent"
          value="sign-out-everywhere"
          variant="secondary"
          pending={pending === 'sign-out-everywhere'}
        >
          Sign out everywhere
        </Button>
      </div>
    </Form>
  );
}
