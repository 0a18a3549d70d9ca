/** @module features/auth/sign-up-form — display name, email, password; then "check your inbox". */
import { signUpInput } from '@lanes/shared/schemas/auth';
import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { FormError, FormNotice } from '#app/components/form-error.tsx';
import { NewPasswordField } from '#app/components/password-fields.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { useValidatedForm } from '#app/lib/use-validated-form.ts';
import type { AuthActionData } from './auth-forms.server.ts';

const ORDER = ['displayName', 'email', 'password'] as const;

export function SignUpForm({ result, next }: { result: AuthActionData | undefined; next: string }) {
  const form = useValidatedForm(signUpInput, result?.errors, ORDER);
  const errors = form.errors;
  // The browser's time zone, for the digest at 08:00 local time (issue 23); without JavaScript it stays empty
  // and the account starts on UTC, changeable in /account.
  const zone = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (zone.current) zone.current.value = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  });
  if (result?.sent === 'signup') {
    return (
      <FormNotice>
        <p>
          <strong>Check your inbox.</strong> We sent a confirmation link to {result.values?.email}. Open it to
          finish signing up.
        </p>
      </FormNotice>
    );
  }
  const email = result?.values?.email ?? '';
  return (
    <Form method="post" className="form" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="next" value={next} />
      <input type="hidden" name="timeZone" ref={zone} defaultValue="" />
      <TextField
        label="Display name"
        name="displayName"
        autoComplete="name"
        required
        maxLength={60}
        error={errors?.fields.displayName}
        autoFocus={form.focusField === 'displayName' || !errors}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={email}
        error={errors?.fields.email}
        autoFocus={form.focusField === 'email'}
        errorAction={
          errors?.code === 'USER_EXISTS' ? (
            <Link to={`/sign-in?email=${encodeURIComponent(email)}`}>Sign in instead</Link>
          ) : null
        }
      />
      <NewPasswordField
        label="Password"
        error={errors?.fields.password}
        autoFocus={form.focusField === 'password'}
      />
      <FormError>{errors?.form ? <p>{errors.form}</p> : null}</FormError>
      <Button pending={form.pending}>Create account</Button>
    </Form>
  );
}
