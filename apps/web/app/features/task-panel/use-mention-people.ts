/**
 * @module features/task-panel/use-mention-people — the members a comment or description can mention, read once
 * per workspace and tab the first time a writing box is focused (`load()`), then shared by every box.
 */
import { useCallback, useEffect, useState } from 'react';
import { type PublicEnv, usePublicEnv } from '#app/lib/public-env.ts';
import type { MentionPerson } from './mention-model.ts';

const cache = new Map<string, Promise<MentionPerson[]>>();

function read(env: PublicEnv, workspaceId: string): Promise<MentionPerson[]> {
  let found = cache.get(workspaceId);
  if (!found) {
    found = import('./mention-people.ts')
      .then((m) => m.loadMentionPeople(env, workspaceId))
      .catch((error: unknown) => {
        // Offline or a hiccup: the next focus tries again; typed handles still resolve on the server.
        cache.delete(workspaceId);
        throw error;
      });
    cache.set(workspaceId, found);
  }
  return found;
}

export function useMentionPeople(workspaceId: string): { people: MentionPerson[]; load(): void } {
  const env = usePublicEnv();
  const [people, setPeople] = useState<MentionPerson[]>([]);
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    read(env, workspaceId).then(
      (found) => live && setPeople(found),
      () => live && setWanted(false),
    );
    return () => {
      live = false;
    };
  }, [env, workspaceId, wanted]);
  const load = useCallback(() => setWanted(true), []);
  return { people, load };
}
