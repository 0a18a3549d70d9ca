/** @module features/settings/danger-zone — delete the workspace (owners), typing its name to confirm. */
import { Form } from 'react-router';
import { z } from 'zod';
import { Button } from '#app/components/button.tsx';
import { FormError } from '#app/components/form-error.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { useValidatedForm } from '#app/lib/use-validated-form.ts';
import type { SettingsActionData } from './settings-actions.server.ts';

const ORDER = ['confirm'] as const;

export function DangerZone({ name, result }: { name: string; result: SettingsActionData | undefined }) {
  const fields = z.object({
    confirm: z.string().refine((typed) => typed.trim() === name, { message: `Type ${name} to confirm.` }),
  });
  const form = useValidatedForm(fields, result?.errors, ORDER, 'delete');
  return (
    <section aria-labelledby="danger-title" className="panel settings-section settings-danger">
      <h2 id="danger-title">Danger zone</h2>
      <p>
        Deleting <strong>{name}</strong> removes its boards, tasks, comments and files for everyone. It cannot
        be undone.
      </p>
      <Form method="post" className="form" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
        <input type="hidden" name="intent" value="delete" />
        <TextField
          label={`Type ${name} to confirm`}
          name="confirm"
          autoComplete="off"
          defaultValue={result?.values?.confirm}
          error={form.errors?.fields.confirm}
          autoFocus={form.focusField === 'confirm'}
        />
        <FormError>{form.errors?.form ? <p>{form.errors.form}</p> : null}</FormError>
        <Button variant="danger" pending={form.pending}>
          Delete this workspace
        </Button>
      </Form>
    </section>
  );
}
