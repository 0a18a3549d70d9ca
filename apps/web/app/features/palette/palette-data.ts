/**
 * @module features/palette/palette-data — what the palette reads from the browser, through the data operations:
 * the workspace's boards and people (or my workspaces outside one) when it opens, and tasks as the user types
 * (`searchWorkspace`). Part of the palette's own chunk, loaded on the first Cmd/Ctrl-K.
 */
import { listBoards } from '@lanes/data/boards/list-boards';
import { listMembers } from '@lanes/data/members/list-members';
import { searchWorkspace } from '@lanes/data/search/search-workspace';
import { listWorkspaces } from '@lanes/data/workspaces/list-workspaces';
import { byName } from '#app/lib/names.ts';
import type { PublicEnv } from '#app/lib/public-env.ts';
import { getBrowserClient } from '#app/lib/supabase.client.ts';
import type { PaletteSource } from './palette-model.ts';

export type Directory = Pick<PaletteSource, 'boards' | 'people' | 'workspaces'>;

export const EMPTY_DIRECTORY: Directory = { boards: [], people: [], workspaces: [] };

/** Kept between openings, so a second Cmd/Ctrl-K lists at once while a fresh copy is read. */
const cache = new Map<string, Directory>();

export function cachedDirectory(workspaceId: string | null): Directory | undefined {
  return cache.get(workspaceId ?? '');
}

export async function loadDirectory(env: PublicEnv, workspaceId: string | null): Promise<Directory> {
  const client = getBrowserClient(env);
  let directory: Directory;
  if (workspaceId) {
    const [boards, members] = await Promise.all([
      listBoards(client, { workspaceId }),
      listMembers(client, { workspaceId }),
    ]);
    const people = members
      .filter((m) => m.profile)
      .map((m) => ({ id: m.user_id, name: m.profile?.display_name || 'Unnamed' }))
      .sort((a, b) => byName(a.name, b.name));
    directory = { boards: boards.map((b) => ({ id: b.id, name: b.name })), people, workspaces: [] };
  } else {
    const workspaces = await listWorkspaces(client);
    directory = {
      boards: [],
      people: [],
      workspaces: workspaces.map((w) => ({ slug: w.slug, name: w.name })),
    };
  }
  cache.set(workspaceId ?? '', directory);
  return directory;
}

/** Open tasks of the workspace matching `q`, best first (archived ones are left out). */
export async function searchTasks(
  env: PublicEnv,
  workspaceId: string,
  q: string,
): Promise<PaletteSource['tasks']> {
  const hits = await searchWorkspace(getBrowserClient(env), { workspaceId, q, limit: 8 });
  return hits.map((hit) => ({
    id: hit.task_id,
    boardId: hit.board_id,
    boardName: hit.board_name,
    number: hit.task_number,
    title: hit.title,
  }));
}
