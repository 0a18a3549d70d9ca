/** @module features/boards/create-board-form — a board's name and optional description. */
import { boardDescription, boardName } from '@lanes/shared/schemas/board';
import { Form } from 'react-router';
import { z } from 'zod';
import { Button } from '#app/components/button.tsx';
import { FormError } from '#app/components/form-error.tsx';
import { TextField } from '#app/components/text-field.tsx';
import type { ActionResult } from '#app/lib/action-result.ts';
import { useValidatedForm } from '#app/lib/use-validated-form.ts';

// The shared rules for the fields a person types; the workspace id comes from the URL on the server.
const fields = z.object({ name: boardName, description: boardDescription });
const ORDER = ['name', 'description'] as const;

export function CreateBoardForm({ result }: { result: ActionResult | undefined }) {
  const form = useValidatedForm(fields, result?.errors, ORDER);
  const errors = form.errors;
  return (
    <Form method="post" className="form panel" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
      <h2>Create a board</h2>
      <TextField
        label="Name"
        name="name"
        required
        maxLength={80}
        defaultValue={result?.values?.name}
        error={errors?.fields.name}
        autoFocus={form.focusField === 'name'}
      />
      <TextField
        label="Description"
        name="description"
        maxLength={2000}
        defaultValue={result?.values?.description}
        error={errors?.fields.description}
        autoFocus={form.focusField === 'description'}
        description="Optional."
      />
      <FormError>{errors?.form ? <p>{errors.form}</p> : null}</FormError>
      <Button pending={form.pending}>Create board</Button>
    </Form>
  );
}
