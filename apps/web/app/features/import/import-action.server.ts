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
import { refused, succeeded } from '#app/lib/action-result.ts';
import type { WorkspaceContext } from '#app/lib/load-workspace.server.ts';

/** What a successful import adds to the common answer: the new board and what came in. */
export interface Imported {
  boardId: string;
  boardName: string;
  report: ImportReport;
}

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
    return succeeded<'import', Imported>('import', {
      boardId,
      boardName: typeof name === 'string' && name.trim() ? name.trim() : 'Imported board',
      report,
    });
  } catch (error) {
    return refused('import', error, { errors: { code: codeOf(error), fields: {}, form: messageOf(error) } });
  }
}

function codeOf(error: unknown) {
  return error instanceof LanesError ? error.code : 'UNEXPECTED';
}

function messageOf(error: unknown): string {
  if (!(error instanceof LanesError)) return 'Something went wrong. Nothing was imported; please try again.';
  if (error.code === 'FORBIDDEN') return 'Only admins and owners can import boards.';
  if (error.code === 'UNEXPECTED') {
    return `Something went wrong, and nothing was imported. Please try again (reference ${error.requestId ?? 'none'}).`;
  }
  return `${error.message} Nothing was imported.`;
}
