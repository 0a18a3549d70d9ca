/**
 * @module lib/use-validated-form — the SPEC §5 form rules in one hook: validate with the shared schema before
 * submitting, show the server's errors otherwise, focus the first invalid field, know when it is pending.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import type { z } from 'zod';
import { type FormErrors, firstInvalid, fromIssues } from './form-errors.ts';

export interface ValidatedForm {
  formRef: React.RefObject<HTMLFormElement | null>;
  errors: FormErrors | null;
  /** The field to autofocus on a server render (works without JavaScript). */
  focusField: string | null;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * @example const form = useValidatedForm(signUpInput, actionData?.errors, ['displayName', 'email', 'password']);
 *          <Form method="post" ref={form.formRef} onSubmit={form.onSubmit} noValidate>…</Form>
 */
export function useValidatedForm(
  schema: z.ZodType | ((intent: string | null) => z.ZodType | null),
  serverErrors: FormErrors | null | undefined,
  order: readonly string[],
  intent?: string,
): ValidatedForm {
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FormErrors | null>(null);
  const navigation = useNavigation();
  const submittedIntent = navigation.formData?.get('intent');
  const pending =
    navigation.state !== 'idle' &&
    navigation.formData !== undefined &&
    (intent === undefined || submittedIntent === intent);

  // Callers often pass `order` as an inline array: a new one each render must not re-run the effect below, which
  // would wipe the client's errors right after showing them (the /reset-password form "just sat there").
  const orderRef = useRef(order);
  orderRef.current = order;

  // New server errors replace what the client found last time.
  useEffect(() => {
    setClientErrors(null);
    if (serverErrors) focusFirst(formRef.current, serverErrors, orderRef.current);
  }, [serverErrors]);

  const errors = clientErrors ?? serverErrors ?? null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The button that submitted names the intent (e.g. "password" or "magic-link" on the sign-in form).
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const values = Object.fromEntries(new FormData(event.currentTarget, submitter));
    const chosen = typeof schema === 'function' ? schema(submitter?.value ?? null) : schema;
    const result = chosen ? chosen.safeParse(values) : { success: true as const };
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const found = fromIssues(result.error.issues);
    setClientErrors(found);
    focusFirst(event.currentTarget, found, order);
  }

  return { formRef, errors, focusField: firstInvalid(errors, order), pending, onSubmit };
}

function focusFirst(form: HTMLFormElement | null, errors: FormErrors, order: readonly string[]) {
  if (!form) return;
  const name = firstInvalid(errors, order);
  const target = name
    ? form.querySelector<HTMLElement>(`[name="${name}"]`)
    : form.querySelector<HTMLElement>('[data-form-error]');
  // After React has rendered the messages, so screen readers announce the described field.
  requestAnimationFrame(() => target?.focus());
}
