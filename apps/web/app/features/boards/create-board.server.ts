/** @module features/boards/create-board.server — the create-board action: open the new board, or show why not. */
import { createBoard } from '@lanes/data/boards/create-board';
import type { LanesClient } from '@lanes/data/client';
import { redirect } from 'react-router';
import { refused } from '#app/lib/action-result.ts';
import { formText } from '#app/lib/form-values.ts';

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
    return refused('create-board', error, { values });
  }
}
