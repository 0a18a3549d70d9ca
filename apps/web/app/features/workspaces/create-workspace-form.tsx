/** @module features/workspaces/create-workspace-form — name and address (slug, filled in from the name). */
import { createWorkspaceInput, slugify } from '@lanes/shared/schemas/workspace';
import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { FormError } from '#app/components/form-error.tsx';
import { TextField } from '#app/components/text-field.tsx';
import type { ActionResult } from '#app/lib/action-result.ts';
import { useValidatedForm } from '#app/lib/use-validated-form.ts';

const ORDER = ['name', 'slug'] as const;

export function CreateWorkspaceForm({ result }: { result: ActionResult | undefined }) {
  const form = useValidatedForm(createWorkspaceInput, result?.errors, ORDER);
  const slugRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const slugEdited = useRef(Boolean(result?.values?.slug));
  // What was typed before the page's script ran (a slow phone, a busy machine) is there when it starts: an
  // empty address follows that name, and an address typed by hand is left as the person wrote it.
  useEffect(() => {
    const slug = slugRef.current;
    const name = nameRef.current?.value ?? '';
    if (!slug || slugEdited.current) return;
    if (slug.value === '') {
      if (name !== '') slug.value = slugify(name);
    } else if (slug.value !== slugify(name)) slugEdited.current = true;
  }, []);
  const errors = form.errors;
  return (
    <Form method="post" className="form panel" ref={form.formRef} onSubmit={form.onSubmit} noValidate>
      <h2>Create a workspace</h2>
      <TextField
        label="Name"
        name="name"
        required
        maxLength={64}
        inputRef={nameRef}
        defaultValue={result?.values?.name}
        error={errors?.fields.name}
        autoFocus={form.focusField === 'name'}
        onChange={(event) => {
          if (!slugEdited.current && slugRef.current)
            slugRef.current.value = slugify(event.currentTarget.value);
        }}
      />
      <TextField
        label="Address"
        name="slug"
        required
        maxLength={40}
        inputRef={slugRef}
        defaultValue={result?.values?.slug}
        error={errors?.fields.slug}
        autoFocus={form.focusField === 'slug'}
        autoCapitalize="none"
        spellCheck={false}
        description="Lowercase letters, digits and dashes; the workspace lives at /w/<address>."
        onChange={() => {
          slugEdited.current = true;
        }}
      />
      <FormError>{errors?.form ? <p>{errors.form}</p> : null}</FormError>
      <Button pending={form.pending}>Create workspace</Button>
    </Form>
  );
}
