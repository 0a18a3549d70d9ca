/** @module boards/import-trello — imports a Trello board export into a new board (`import-trello` function). */
import { type ImportTrelloResult, importTrelloInput, importTrelloResult } from '@lanes/shared/schemas/trello';
import type { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { parseAnswer, parseInput } from '../internal/checks.ts';
import { invokeFunction } from '../internal/invoke.ts';

export type { ImportTrelloResult };
export { importTrelloInput };

/**
 * `export` is the parsed JSON of Trello's "Export as JSON". All or nothing: VALIDATION (field `file`) when it
 * is not a Trello export, LIMIT_REACHED naming the limit it would break, FORBIDDEN below admin, NOT_FOUND for
 * a workspace the caller is not in. The answer's report says what was skipped and shortened (decision 089).
 * @example const { boardId, report } = await importTrello(client, { workspaceId, export: JSON.parse(text) })
 */
export async function importTrello(
  client: LanesClient,
  input: z.input<typeof importTrelloInput>,
): Promise<ImportTrelloResult> {
  const body = parseInput(importTrelloInput, input);
  return parseAnswer(importTrelloResult, await invokeFunction(client, 'import-trello', body));
}
