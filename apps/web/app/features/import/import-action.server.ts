/**
 * @module features/import/import-action.server — the import screen's one write: the posted Trello export goes
 * to `importTrello` (the `import-trello` function checks the role, maps it and writes the board in one
 * transaction). A refusal is a message on the form; nothing was created (decision 188).
 */
import { importTrello } from '@lanes/data/boards/import-trello';
import type { LanesClient } from '@lanes/data/client';
import { LanesError } from '@lanes/shared/errors';
import type { ImportReport } from '@lanes/shared/schemas/trello';
import { TRELLO_EXPORT_MAX_BYTES } from '@lanes/shared/schemas/trello';
import { readTrelloFile, tooLarge } from '@lanes/shared/trello/normalise';
import { data } from 'react-router';
import type { WorkspaceContext } from '#app/lib/load-workspace.server.ts';

export type ImportActionResult =
  | { ok: true; boardId: string; boardName: string; report: ImportReport }
  | { ok: false; message: string };

export async function importAction(client: LanesClient, workspace: WorkspaceContext, form: FormData) {
  try {
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) {
      throw new LanesError('VALIDATION', { field: 'file', message: 'Choose the JSON file Trello exported.' });
    }
    if (file.size > TRELLO_EXPORT_MAX_BYTES) throw tooLarge();
    const exported = readTrelloFile(await file.text());
    const { boardId, report } = await importTrello(client, { workspaceId: workspace.id, export: exported });
    const name = (exported as { name?: unknown }).name;
    return {
      ok: true,
      boardId,
      boardName: typeof name === 'string' && name.trim() ? name.trim() : 'Imported board',
      report,
    } satisfies ImportActionResult;
  } catch (error) {
    if (!(error instanceof LanesError)) console.error(error);
    const status = error instanceof LanesError ? error.status : 500;
    return data<ImportActionResult>({ ok: false, message: messageOf(error) }, { status });
  }
}

function messageOf(error: unknown): string {
  if (!(error instanceof LanesError)) return 'Something went wrong. Nothing was imported; please try again.';
  if (error.code === 'FORBIDDEN') return 'Only admins and owners can import boards.';
  if (error.code === 'UNEXPECTED') {
    return `Something went wrong, and nothing was imported. Please try again (reference ${error.requestId ?? 'none'}).`;
  }
  return `${error.message} Nothing was imported.`;
}
