/**
 * @module features/auth/sign-in-form — email and password, or "email me a sign-in link" from the same form;
 * a wrong password clears the password field; an unconfirmed address offers to resend the confirmation.
 */
import { emailOnlyInput, signInInput } from '@lanes/shared/schemas/auth';
import { useEffect, useRef } from 'react';
import { Form, Link } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { FormError, FormNotice } from '#app/components/form-error.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { useValidatedForm } from '#app/lib/use-validated-form.ts';
import type { AuthActionData } from './auth-forms.server.ts';

const ORDER = ['email', 'password'] as const;
const schemaFor = (intent: string | null) => (intent === 'password' ? signInInput : emailOnlyInput);

export function SignInForm({
  result,
  next,
  email,
}: {
  result: AuthActionData | undefined;
  next: string;
  email: string;
}) {
  const form = useValidatedForm(schemaFor, result?.errors, ORDER);
  const password = useRef<HTMLInputElement>(null);
  const errors = form.errors;

  // SPEC §8: INVALID_CREDENTIALS clears the password (the server never echoes it back either).
  useEffect(() => {
    if (result?.errors?.code === 'INVALID_CREDENTIALS' && password.current) password.current.value = '';
  }, [result]);

  return (
    <>
      <Form method="post" className="form" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
        <input type="hidden" name="next" value={next} />
        {result?.sent === 'magic-link' ? (
          <FormNotice>Check your inbox: we emailed a sign-in link to {result.values?.email}.</FormNotice>
        ) : null}
        {result?.sent === 'resend' ? (
          <FormNotice>We sent the confirmation email to {result.values?.email} again.</FormNotice>
        ) : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={result?.values?.email ?? email}
          error={errors?.fields.email}
          autoFocus={form.focusField === 'email' || (!errors && !email)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          inputRef={password}
          error={errors?.fields.password}
          autoFocus={form.focusField === 'password'}
          description={<Link to="/forgot-password">Forgot your password?</Link>}
        />
        <FormError>
          {errors?.form ? <p>{errors.form}</p> : null}
          {errors?.code === 'EMAIL_NOT_CONFIRMED' || result?.intent === 'resend' ? (
            <p>
              <button type="submit" form="resend-confirmation" className="link-button">
                Resend confirmation email
              </button>
            </p>
          ) : null}
        </FormError>
        <Button name="intent" value="password" pending={form.pending}>
          Sign in
        </Button>
        <Button name="intent" value="magic-link" variant="secondary" pending={form.pending}>
          Email me a sign-in link
        </Button>
      </Form>
      {/* Its own form, so Enter in the fields still means "Sign in". */}
      <Form method="post" id="resend-confirmation" hidden>
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="email" value={result?.values?.email ?? ''} />
      </Form>
    </>
  );
}
