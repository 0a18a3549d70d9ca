/**
 * @module features/search/search-params — the search page's URL (`?q=&board=&assignee=&label=&status=&archived=`)
 * read into the data layer's input, and back: the form is a plain GET form, so a search is a link.
 */
import type { SearchInput } from '@lanes/shared/schemas/search';

export interface SearchParams {
  q: string;
  board: string;
  assignee: string;
  label: string;
  /** '' both, 'open', 'done' */
  status: string;
  /** '' leave out, 'include', 'only' */
  archived: string;
}

const read = (url: URL, name: string) => url.searchParams.get(name)?.trim() ?? '';

export function readSearchParams(url: URL): SearchParams {
  return {
    q: url.searchParams.get('q') ?? '',
    board: read(url, 'board'),
    assignee: read(url, 'assignee'),
    label: read(url, 'label'),
    status: read(url, 'status'),
    archived: read(url, 'archived'),
  };
}

/** The data layer's input; an unknown status or archived value means "no filter", a bad id is VALIDATION there. */
export function toSearchInput(workspaceId: string, p: SearchParams): SearchInput {
  return {
    workspaceId,
    q: p.q,
    boardId: p.board || null,
    assigneeId: p.assignee || null,
    labelId: p.label || null,
    done: p.status === 'done' ? true : p.status === 'open' ? false : null,
    archived: p.archived === 'only' ? true : p.archived === 'include' ? null : false,
  };
}
