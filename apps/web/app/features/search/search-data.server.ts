/**
 * @module features/search/search-data.server — what the search page shows: the hits for the URL's search and
 * the filters' choices (boards, members, labels), read side by side. A search the rules refuse (over 500
 * characters, a malformed id in a filter) is a message on the page, not an error page.
 */
import { listBoards } from '@lanes/data/boards/list-boards';
import { listWorkspaceLabels } from '@lanes/data/boards/list-workspace-labels';
import type { LanesClient } from '@lanes/data/client';
import { listMembers } from '@lanes/data/members/list-members';
import { searchWorkspace } from '@lanes/data/search/search-workspace';
import { LanesError } from '@lanes/shared/errors';
import type { SearchHit } from '@lanes/shared/schemas/search';
import { SEARCH_MAX_LENGTH } from '@lanes/shared/schemas/search';
import type { WorkspaceContext } from '#app/lib/load-workspace.server.ts';
import { byName } from '#app/lib/names.ts';
import { type SearchParams, toSearchInput } from './search-params.ts';

export interface SearchOption {
  value: string;
  label: string;
}

export interface SearchPageData {
  params: SearchParams;
  hits: SearchHit[] | null;
  error: string | null;
  boards: SearchOption[];
  people: SearchOption[];
  labels: SearchOption[];
}

export async function loadSearch(
  client: LanesClient,
  workspace: WorkspaceContext,
  params: SearchParams,
  signal?: AbortSignal,
): Promise<SearchPageData> {
  const [boards, members, labels, found] = await Promise.all([
    listBoards(client, { workspaceId: workspace.id, includeArchived: true }, signal),
    listMembers(client, { workspaceId: workspace.id }, signal),
    listWorkspaceLabels(client, { workspaceId: workspace.id }, signal),
    search(client, workspace, params, signal),
  ]);
  const boardName = new Map(boards.map((b) => [b.id, b.name]));
  return {
    params,
    ...found,
    boards: boards.map((b) => ({ value: b.id, label: b.archived_at ? `${b.name} (archived)` : b.name })),
    people: members
      .map((m) => ({ value: m.user_id, label: m.profile?.display_name ?? 'Former member' }))
      .sort((a, b) => byName(a.label, b.label)),
    labels: labels.map((l) => ({ value: l.id, label: `${l.name} · ${boardName.get(l.board_id) ?? ''}` })),
  };
}

async function search(
  client: LanesClient,
  workspace: WorkspaceContext,
  params: SearchParams,
  signal: AbortSignal | undefined,
) {
  if (params.q.trim() === '') return { hits: null, error: null };
  if (params.q.length > SEARCH_MAX_LENGTH) {
    return { hits: null, error: `A search can be at most ${SEARCH_MAX_LENGTH} characters.` };
  }
  try {
    return { hits: await searchWorkspace(client, toSearchInput(workspace.id, params), signal), error: null };
  } catch (error) {
    if (error instanceof LanesError && error.code === 'VALIDATION') {
      return { hits: null, error: 'One of the filters is not valid; clear it and search again.' };
    }
    throw error;
  }
}
