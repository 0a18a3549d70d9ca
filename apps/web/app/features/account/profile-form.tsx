/** @module features/account/profile-form — the display name teammates see. */
import { updateProfileInput } from '@lanes/shared/schemas/profile';
import { Form } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { FormError, FormNotice } from '#app/components/form-error.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { useValidatedForm } from '#app/lib/use-validated-form.ts';
import type { AccountActionData } from './account-actions.server.ts';

const ORDER = ['displayName'] as const;

export function ProfileForm({
  displayName,
  result,
}: {
  displayName: string;
  result: AccountActionData | undefined;
}) {
  const mine = result?.intent === 'profile' ? result : undefined;
  const form = useValidatedForm(updateProfileInput, mine?.errors, ORDER, 'profile');
  return (
    <Form method="post" className="form" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
      <input type="hidden" name="intent" value="profile" />
      <TextField
        label="Display name"
        name="displayName"
        autoComplete="name"
        required
        maxLength={60}
        defaultValue={displayName}
        error={form.errors?.fields.displayName}
        autoFocus={form.focusField === 'displayName'}
        description="Shown to your teammates on cards, comments and member lists."
      />
      <FormError>{form.errors?.form ? <p>{form.errors.form}</p> : null}</FormError>
      <FormNotice>{mine?.done && !form.pending ? <p>{mine.done}</p> : null}</FormNotice>
      <Button name="intent" value="profile" pending={form.pending}>
        Save name
      </Button>
    </Form>
  );
}
