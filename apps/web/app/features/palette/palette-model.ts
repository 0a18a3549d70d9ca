/**
 * @module features/palette/palette-model — what the command palette lists for a query: boards (or workspaces
 * outside one), the tasks the search found, people and actions, in groups, each option with what choosing it
 * does. Pure, so the matching and the order are tested without a browser.
 */
import { fold } from '#app/lib/names.ts';

export type PaletteGroup = 'Boards' | 'Workspaces' | 'Tasks' | 'People' | 'Actions';

/** What choosing an option does; the palette runs it. */
export type PaletteRun =
  | { kind: 'go'; to: string }
  | { kind: 'theme'; theme: 'system' | 'light' | 'dark' }
  | { kind: 'new-task' };

export interface PaletteOption {
  /** Unique in the list (the option element's id is made from it). */
  key: string;
  group: PaletteGroup;
  label: string;
  /** A second, quieter line: the board of a task, a board's description. */
  hint?: string;
  run: PaletteRun;
}

export interface PaletteSource {
  workspace: { slug: string; name: string } | null;
  /** The board on screen, if any (its id, for "new task here" and a person's filter). */
  boardId: string | null;
  canCreateTask: boolean;
  canCreateBoard: boolean;
  theme: 'system' | 'light' | 'dark';
  boards: { id: string; name: string }[];
  workspaces: { slug: string; name: string }[];
  people: { id: string; name: string }[];
  tasks: { id: string; boardId: string; boardName: string; number: number; title: string }[];
}

const MAX = { Boards: 6, Workspaces: 6, Tasks: 8, People: 5, Actions: 12 } as const;

/** Case and accents aside ("cafe" finds "Café"): 0 when the text starts with the query, 1 when a word does, 2 when every word is inside it, null otherwise. */
export function matchRank(text: string, query: string): number | null {
  const q = fold(query).trim();
  if (!q) return 2;
  const t = fold(text);
  if (t.startsWith(q)) return 0;
  const words = q.split(/\s+/);
  if (!words.every((word) => t.includes(word))) return null;
  return t.split(/[^\p{L}\p{N}]+/u).some((word) => word.startsWith(words[0]!)) ? 1 : 2;
}

function pick<T>(items: T[], label: (item: T) => string, query: string, max: number): T[] {
  return items
    .map((item, index) => ({ item, index, rank: matchRank(label(item), query) }))
    .filter((entry): entry is { item: T; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, max)
    .map((entry) => entry.item);
}

function actions(source: PaletteSource): PaletteOption[] {
  const list: PaletteOption[] = [];
  const ws = source.workspace;
  if (source.boardId && source.canCreateTask)
    list.push({
      key: 'action-new-task',
      group: 'Actions',
      label: 'New task here',
      run: { kind: 'new-task' },
    });
  if (ws && source.canCreateBoard)
    list.push({
      key: 'action-new-board',
      group: 'Actions',
      label: 'New board',
      run: { kind: 'go', to: `/w/${ws.slug}` },
    });
  if (ws)
    list.push({
      key: 'action-search',
      group: 'Actions',
      label: 'Search tasks',
      run: { kind: 'go', to: `/w/${ws.slug}/search` },
    });
  list.push({ key: 'action-inbox', group: 'Actions', label: 'Inbox', run: { kind: 'go', to: '/inbox' } });
  if (ws)
    list.push({
      key: 'action-settings',
      group: 'Actions',
      label: 'Workspace settings',
      run: { kind: 'go', to: `/w/${ws.slug}/settings` },
    });
  list.push({
    key: 'action-account',
    group: 'Actions',
    label: 'Account',
    run: { kind: 'go', to: '/account' },
  });
  list.push({
    key: 'action-workspaces',
    group: 'Actions',
    label: 'All workspaces',
    run: { kind: 'go', to: '/w' },
  });
  for (const theme of ['light', 'dark', 'system'] as const) {
    if (theme !== source.theme)
      list.push({
        key: `action-theme-${theme}`,
        group: 'Actions',
        label: `Theme: ${theme}`,
        run: { kind: 'theme', theme },
      });
  }
  return list;
}

/** The options for `query`, group after group; tasks come from the search, already matched and ranked. */
export function paletteOptions(source: PaletteSource, query: string): PaletteOption[] {
  const ws = source.workspace;
  const boards: PaletteOption[] = ws
    ? pick(source.boards, (b) => b.name, query, MAX.Boards).map((board) => ({
        key: `board-${board.id}`,
        group: 'Boards',
        label: board.name,
        run: { kind: 'go', to: `/w/${ws.slug}/b/${board.id}` },
      }))
    : pick(source.workspaces, (w) => w.name, query, MAX.Workspaces).map((workspace) => ({
        key: `workspace-${workspace.slug}`,
        group: 'Workspaces',
        label: workspace.name,
        run: { kind: 'go', to: `/w/${workspace.slug}` },
      }));
  const tasks: PaletteOption[] =
    ws && query.trim()
      ? source.tasks.slice(0, MAX.Tasks).map((task) => ({
          key: `task-${task.id}`,
          group: 'Tasks',
          label: task.title,
          hint: `#${task.number} · ${task.boardName}`,
          run: { kind: 'go', to: `/w/${ws.slug}/b/${task.boardId}/t/${task.id}` },
        }))
      : [];
  // A person filters the board on screen, or the workspace's search elsewhere.
  const people: PaletteOption[] = ws
    ? pick(source.people, (p) => p.name, query, MAX.People).map((person) => ({
        key: `person-${person.id}`,
        group: 'People',
        label: person.name,
        hint: source.boardId ? 'Show their cards on this board' : 'Search their tasks',
        run: {
          kind: 'go',
          to: source.boardId
            ? `/w/${ws.slug}/b/${source.boardId}?assignee=${person.id}`
            : `/w/${ws.slug}/search?assignee=${person.id}`,
        },
      }))
    : [];
  const acts = pick(actions(source), (a) => a.label, query, MAX.Actions);
  return [...boards, ...tasks, ...people, ...acts];
}
