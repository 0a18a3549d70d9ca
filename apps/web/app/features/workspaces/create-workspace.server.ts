/** @module features/workspaces/create-workspace.server — the create-workspace action: go to it, or show why not. */
import type { LanesClient } from '@lanes/data/client';
import { createWorkspace } from '@lanes/data/workspaces/create-workspace';
import { LanesError } from '@lanes/shared/errors';
import { redirect } from 'react-router';
import { refused } from '#app/lib/action-result.ts';
import { toFormErrors } from '#app/lib/form-errors.ts';
import { formText } from '#app/lib/form-values.ts';
import { suggestSlug } from './suggest-slug.ts';

export async function createWorkspaceAction(client: LanesClient, form: FormData) {
  const values = { name: formText(form, 'name'), slug: formText(form, 'slug') };
  try {
    const workspace = await createWorkspace(client, values);
    throw redirect(`/w/${workspace.slug}`);
  } catch (error) {
    const errors = toFormErrors(error);
    // SPEC §8: SLUG_TAKEN comes with a suggestion the user can take as is.
    if (error instanceof LanesError && errors.code === 'SLUG_TAKEN') {
      errors.fields.slug = `${errors.fields.slug ?? 'This address is already taken.'} Try “${suggestSlug(values.slug.trim())}”.`;
    }
    return refused('create-workspace', error, { errors, values });
  }
}
