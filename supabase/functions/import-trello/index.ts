/**
 * @module import-trello — imports a Trello board export into a new board of a workspace (admins and owners).
 * The export is checked and mapped with @lanes/shared's schema (the browser ran the same code for its
 * preview); `import_trello_board` then writes the whole board in one transaction, or nothing (decision 089).
 */
import { isErrorCode, LanesError } from '@lanes/shared/errors.ts';
import { importTrelloInput, TRELLO_EXPORT_MAX_BYTES } from '@lanes/shared/schemas/trello.ts';
import { normaliseTrelloExport, tooLarge } from '@lanes/shared/trello/normalise.ts';
import { callerClient, requireUser, serviceClient } from '../_shared/clients.ts';
import { dbError } from '../_shared/db-error.ts';
import { json, parseInput, serve } from '../_shared/http.ts';

/** The body carries the export and a workspace id: a little over the export's own limit. */
const MAX_BODY_BYTES = TRELLO_EXPORT_MAX_BYTES + 1024;

serve(async (req) => {
  const user = await requireUser(req, callerClient(req));
  const declared = Number(req.headers.get('Content-Length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw tooLarge();
  const body = parseInput(importTrelloInput, parseJson(text));
  const { rows, report } = normaliseTrelloExport(body.export);

  // As the service role: the caller's role is checked inside, and `authenticated`'s 8-second statement
  // timeout would stop a big board half way (it would roll back, but never finish).
  const { data, error } = await serviceClient().rpc('import_trello_board', {
    user_id: user.id,
    workspace_id: body.workspaceId,
    board: rows,
  });
  if (error) throw refusal(error);
  return json(201, { boardId: data, report });
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new LanesError('VALIDATION', { field: 'file', message: 'The request body is not JSON.' });
  }
}

/** The database's refusals keep their own sentence (the limit named, who may import). */
function refusal(error: { code?: string; message?: string; details?: string | null; hint?: string | null }) {
  const code = error.message;
  if (error.code === 'P0001' && isErrorCode(code) && error.details) {
    return new LanesError(code, {
      message: error.details,
      ...(error.hint ? { details: { limit: error.hint } } : {}),
    });
  }
  return dbError(error);
}
