/**
 * @module features/account/delete-account-form — deleting the account, typed to confirm. The last owner of a
 * workspace with other members is refused, and told which workspaces to hand over first (SPEC §4, §8).
 */
import { Form, Link } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { FormError } from '#app/components/form-error.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { useValidatedForm } from '#app/lib/use-validated-form.ts';
import type { AccountActionData } from './account-actions.server.ts';

const ORDER = ['confirm'] as const;

export function DeleteAccountForm({
  email,
  result,
}: {
  email: string;
  result: AccountActionData | undefined;
}) {
  const mine = result?.intent === 'delete' ? result : undefined;
  const form = useValidatedForm(() => null, mine?.errors, ORDER, 'delete');
  const errors = form.errors;
  return (
    <Form method="post" className="form" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
      <p>
        This deletes your profile and picture, removes you from every workspace, and deletes the workspaces
        where you are the only member, with their boards and files. It cannot be undone.
      </p>
      <TextField
        label={`Type ${email} to confirm`}
        name="confirm"
        type="email"
        autoComplete="off"
        required
        error={errors?.fields.confirm}
        autoFocus={form.focusField === 'confirm'}
      />
      <FormError>
        {errors?.form ? (
          <p>
            {errors.form} {errors.code === 'LAST_OWNER' ? <Link to="/w">Go to your workspaces</Link> : null}
          </p>
        ) : null}
      </FormError>
      <Button variant="danger" name="intent" value="delete" pending={form.pending}>
        Delete my account
      </Button>
    </Form>
  );
}
