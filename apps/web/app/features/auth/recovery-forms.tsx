/** @module features/auth/recovery-forms — "send me a recovery email" and "set a new password". */
import { emailOnlyInput, updatePasswordInput } from '@lanes/shared/schemas/auth';
import { Form } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { FormError, FormNotice } from '#app/components/form-error.tsx';
import { NewPasswordField } from '#app/components/password-fields.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { useValidatedForm } from '#app/lib/use-validated-form.ts';
import type { AuthActionData } from './auth-forms.server.ts';

export function ForgotPasswordForm({ result }: { result: AuthActionData | undefined }) {
  const form = useValidatedForm(emailOnlyInput, result?.errors, ['email']);
  if (result?.sent === 'recovery') {
    return (
      <FormNotice>
        <p>
          <strong>Check your inbox.</strong> If {result.values?.email} has an account, a link to choose a new
          password is on its way.
        </p>
      </FormNotice>
    );
  }
  return (
    <Form method="post" className="form" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.values?.email}
        error={form.errors?.fields.email}
        autoFocus
      />
      <FormError>{form.errors?.form ? <p>{form.errors.form}</p> : null}</FormError>
      <Button pending={form.pending}>Send recovery email</Button>
    </Form>
  );
}

export function ResetPasswordForm({ result }: { result: AuthActionData | undefined }) {
  const form = useValidatedForm(updatePasswordInput, result?.errors, ['password']);
  return (
    <Form method="post" className="form" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
      <NewPasswordField error={form.errors?.fields.password} autoFocus />
      <FormError>{form.errors?.form ? <p>{form.errors.form}</p> : null}</FormError>
      <Button pending={form.pending}>Save new password</Button>
    </Form>
  );
}
