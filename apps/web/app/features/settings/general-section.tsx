/** @module features/settings/general-section — rename the workspace (admins and owners). */
import { workspaceName } from '@lanes/shared/schemas/workspace';
import { Form } from 'react-router';
import { z } from 'zod';
import { Button } from '#app/components/button.tsx';
import { FormError, FormNotice } from '#app/components/form-error.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { useValidatedForm } from '#app/lib/use-validated-form.ts';
import type { SettingsActionData } from './settings-actions.server.ts';

const fields = z.object({ name: workspaceName });
const ORDER = ['name'] as const;

export function GeneralSection({ name, result }: { name: string; result: SettingsActionData | undefined }) {
  const form = useValidatedForm(fields, result?.errors, ORDER, 'rename');
  return (
    <section aria-labelledby="general-title" className="panel settings-section">
      <h2 id="general-title">General</h2>
      <Form method="post" className="form" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
        <input type="hidden" name="intent" value="rename" />
        <TextField
          label="Workspace name"
          name="name"
          required
          maxLength={64}
          // A fresh key after a rename shows the new name even where the browser kept the typed value.
          key={name}
          defaultValue={result?.errors ? result.values?.name : name}
          error={form.errors?.fields.name}
          autoFocus={form.focusField === 'name'}
        />
        <FormError>{form.errors?.form ? <p>{form.errors.form}</p> : null}</FormError>
        <FormNotice>{result?.done ? <p>{result.done}</p> : null}</FormNotice>
        <Button pending={form.pending}>Rename</Button>
      </Form>
    </section>
  );
}
