/**
 * @module features/task-panel/mention-people — the browser side of the mention list: the workspace's members
 * with their handles, read with the tab's Supabase client when someone first writes in a comment box. Loaded
 * with `import()`, so neither the board nor the panel pays for it on first paint.
 */
import { listMentionCandidates } from '@lanes/data/notifications/list-mention-candidates';
import type { PublicEnv } from '#app/lib/public-env.ts';
import { getBrowserClient } from '#app/lib/supabase.client.ts';
import type { MentionPerson } from './mention-model.ts';

export async function loadMentionPeople(env: PublicEnv, workspaceId: string): Promise<MentionPerson[]> {
  const people = await listMentionCandidates(getBrowserClient(env), { workspaceId });
  return people.map((p) => ({ id: p.userId, name: p.name, avatarPath: p.avatarPath, handle: p.handle }));
}
