/** @module search/search-workspace — the workspace's tasks matching a search, best first (`search_workspace` RPC). */
import { type SearchHit, searchHit, searchInput } from '@lanes/shared/schemas/search';
import { z } from 'zod';
import type { LanesClient } from '../client.ts';
import { abortable } from '../internal/abortable.ts';
import { parseAnswer, parseInput, unwrap } from '../internal/checks.ts';

export { searchInput };
export type SearchWorkspaceResult = SearchHit[];

/**
 * Only what the caller can read is found (the RPC runs as the caller); an outsider gets an empty list. Quotes,
 * operators and any script are safe to pass; a search over 500 characters is VALIDATION and nothing is sent.
 * @example await searchWorkspace(client, { workspaceId, q: 'deploy friday', archived: null })
 */
export async function searchWorkspace(
  client: LanesClient,
  input: z.input<typeof searchInput>,
  signal?: AbortSignal,
): Promise<SearchWorkspaceResult> {
  const search = parseInput(searchInput, input);
  const rows = unwrap(
    await abortable(
      client.rpc('search_workspace', {
        workspace_id: search.workspaceId,
        q: search.q,
        filter_board: search.boardId as string,
        filter_assignee: search.assigneeId as string,
        filter_label: search.labelId as string,
        filter_done: search.done as boolean,
        filter_archived: search.archived as boolean,
        max_results: search.limit,
      }),
      signal,
    ),
  );
  return parseAnswer(z.array(searchHit), rows);
}
