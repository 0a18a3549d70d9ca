/** @module features/boards/create-board.server — the create-board action: open the new board, or show why not. */
import { createBoard } from '@lanes/data/boards/create-board';
import type { LanesClient } from '@lanes/data/client';
import { LanesError } from '@lanes/shared/errors';
import { data, redirect } from 'react-router';
import { type FormErrors, toFormErrors } from '#app/lib/form-errors.ts';
import { formText } from '#app/lib/form-values.ts';

export interface CreateBoardData {
  errors: FormErrors;
  values: { name: string; description: string };
}

export async function createBoardAction(
  client: LanesClient,
  workspace: { id: string; slug: string },
  form: FormData,
) {
  const values = { name: formText(form, 'name'), description: formText(form, 'description') };
  try {
    const board = await createBoard(client, { workspaceId: workspace.id, ...values });
    throw redirect(`/w/${workspace.slug}/b/${board.id}`);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (!(error instanceof LanesError)) console.error(error);
    const status = error instanceof LanesError ? error.status : 500;
    return data<CreateBoardData>({ errors: toFormErrors(error), values }, { status });
  }
}
